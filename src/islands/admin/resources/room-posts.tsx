import {
  AutocompleteInput,
  Datagrid,
  DateField,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';
import { ROOM_CATEGORY_LABELS } from '../../../lib/rooms.ts';
import type { RoomPostCategoryName } from '../../../lib/rooms.ts';
import { DecisionButton } from './decision-button.tsx';
import { AuthorPostingLimit } from './posting-limit.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="제목·내용 검색" />,
  <ReferenceInput key="session" source="ritual_session_id" reference="ritual-sessions" alwaysOn>
    <AutocompleteInput optionText="title" label="세션" />
  </ReferenceInput>,
  <SelectInput
    key="visibility"
    source="visibility"
    label="상태"
    alwaysOn
    emptyText="전체"
    choices={[
      { id: 'shown', name: '게시 중' },
      { id: 'hidden', name: '숨김' },
    ]}
  />,
];

const categoryLabel = (record: RaRecord) => ROOM_CATEGORY_LABELS[record.category as RoomPostCategoryName] ?? record.category;
const headline = (record: RaRecord) => (record.title as string | null) ?? categoryLabel(record);

function RoomPostList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" label="번호" sortable={false} />
        <TextField source="session" label="세션" sortable={false} />
        <FunctionField label="분류" sortable={false} render={categoryLabel} />
        <FunctionField label="제목" sortable={false} render={headline} />
        <TextField source="excerpt" label="내용" sortable={false} />
        <TextField source="author.nickname" label="작성자" sortable={false} />
        <TextField source="comments_count" label="댓글" sortable={false} />
        <FunctionField label="상태" sortable={false} render={(record: RaRecord) => (record.is_hidden ? '숨김' : '게시 중')} />
        <DateField source="created_at" label="작성 시각" showTime sortable={false} />
      </Datagrid>
    </List>
  );
}

function Decisions() {
  return (
    <TopToolbar>
      <DecisionButton label="숨기기" path="/api/admin/moderation/hide" done="숨겼어요." disabled={(record) => record.is_hidden} />
      <DecisionButton label="복원" path="/api/admin/moderation/restore" done="다시 보이게 했어요." disabled={(record) => !record.is_hidden} />
      <AuthorPostingLimit />
    </TopToolbar>
  );
}

function RoomPostShow() {
  return (
    <Show actions={<Decisions />}>
      <SimpleShowLayout>
        <TextField source="session" label="세션" />
        <FunctionField label="분류" render={categoryLabel} />
        <FunctionField label="제목" render={headline} />
        <TextField source="author.nickname" label="작성자" />
        <TextField source="author.id" label="작성자 회원 번호" />
        <DateField source="created_at" label="작성 시각" showTime />
        <FunctionField label="상태" render={(record: RaRecord) => (record.is_hidden ? '숨김' : '게시 중')} />
        <DateField source="hidden_at" label="숨긴 시각" showTime emptyText="—" />
        {/* Sanitised by the server when the post was stored, as on the room's own page. */}
        <FunctionField label="본문" render={(record: RaRecord) => <div className="room-post-body" dangerouslySetInnerHTML={{ __html: record.content_html as string }} />} />
      </SimpleShowLayout>
    </Show>
  );
}

/** 방 게시물: every room's posts, newest first, by session; hidden and restored as reported ones are. */
export const roomPosts: ResourceProps = {
  name: 'room-posts',
  options: { label: '리추얼 방 게시물' },
  list: RoomPostList,
  show: RoomPostShow,
};
