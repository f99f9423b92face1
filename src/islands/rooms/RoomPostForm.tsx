import { useState } from 'react';
import type { ValidationErrors } from '../../lib/api-errors.ts';
import { saveRoomPost, saveRoomThread } from '../../lib/api/rooms.ts';
import type { RoomPostDraft } from '../../lib/api/rooms.ts';
import { ROOM_POST_MESSAGES, ROOM_TITLE_MAX } from '../../lib/room-post-rules.ts';
import { CheckField, FieldErrors, SelectField, TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { useForm } from '../shared/use-form.ts';
import { RichTextEditor } from '../editor/RichTextEditor.tsx';
import '../editor/editor.css';
import { useLeaveWarning } from '../editor/use-leave-warning.ts';

export interface RoomComposerCategory {
  value: string;
  label: string;
}

/** What the room's composer writes: a post (with its category and the public option) or a thread. */
export type RoomComposerTarget =
  | { kind: 'post'; roomId: number; categories: RoomComposerCategory[]; post?: { id: number; category: string; title: string; contentHtml: string; isPublic: boolean } }
  | { kind: 'thread'; roomId: number; thread?: { id: number; title: string; contentHtml: string } };

interface Props {
  target: RoomComposerTarget;
  initialCategory?: string;
}

/**
 * The composer of a room's posts and threads (/compose/post?roomId=, /compose/thread?roomId= and
 * their edits): the editor of the square, sent as multipart; the post or thread then opens.
 */
export function RoomPostForm({ target, initialCategory }: Props) {
  const existing = target.kind === 'post' ? target.post : target.thread;
  const [content, setContent] = useState({ html: existing?.contentHtml ?? '', filled: Boolean(existing) });
  const [isPublic, setIsPublic] = useState(target.kind === 'post' ? (target.post?.isPublic ?? false) : false);
  const [dirty, setDirty] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [busy, setBusy] = useState(false);
  const form = useForm(
    { category: target.kind === 'post' ? (target.post?.category ?? initialCategory ?? target.categories[0]?.value ?? '') : '', title: existing?.title ?? '' },
    { order: ['category', 'title', 'content', 'is_public'], onEdit: () => setDirty(true) },
  );
  const { values, errors, field, fieldId, edited } = form;
  useLeaveWarning(dirty && !busy);

  const onSubmit = async () => {
    if (busy || uploading > 0) return;
    const problems: ValidationErrors = {};
    if (target.kind === 'post' && !values.category) problems.category = [ROOM_POST_MESSAGES.category];
    if (target.kind === 'thread' && !values.title.trim()) problems.title = [ROOM_POST_MESSAGES.title];
    if (!content.filled) problems.content = [ROOM_POST_MESSAGES.content];
    if (Object.keys(problems).length > 0) {
      form.showInvalid(problems);
      return;
    }
    setBusy(true);
    form.setMessages([]);
    const fields = { title: values.title.trim(), content: content.html };
    const existingId = existing?.id ?? null;
    try {
      const data =
        target.kind === 'post'
          ? await saveRoomPost(target.roomId, existingId, { ...fields, category: values.category as RoomPostDraft['category'], is_public: isPublic })
          : await saveRoomThread(target.roomId, existingId, fields);
      setDirty(false);
      window.location.assign(target.kind === 'post' ? `/room/${target.roomId}/${data.id}` : `/room/${target.roomId}/thread/${data.id}`);
    } catch (error) {
      setBusy(false);
      form.showFailure(error);
    }
  };

  const contentErrors = errors.content ?? [];
  return (
    <Form onSubmit={onSubmit}>
      {target.kind === 'post' ? (
        <SelectField {...field('category')} label="글의 종류" placeholder="글의 종류를 선택해 주세요" options={target.categories} aria-required />
      ) : null}
      <TextField
        {...field('title')}
        label={target.kind === 'post' ? '제목 (선택)' : '제목'}
        placeholder={target.kind === 'post' ? '비워 두어도 괜찮아요' : '무엇을 나누고 싶나요?'}
        maxLength={ROOM_TITLE_MAX}
        counted
        aria-required={target.kind === 'thread'}
      />
      <div className="form-field">
        <span id={fieldId('content-label')} className="form-label">
          내용
        </span>
        <RichTextEditor
          id={fieldId('content')}
          labelId={fieldId('content-label')}
          initialHtml={existing?.contentHtml ?? ''}
          onChange={(html, filled) => {
            setContent({ html, filled });
            edited('content');
          }}
          onUploading={setUploading}
          describedBy={contentErrors.length > 0 ? fieldId('content-error') : undefined}
          invalid={contentErrors.length > 0}
        />
        <FieldErrors id={fieldId('content-error')} messages={contentErrors} />
      </div>
      {target.kind === 'post' ? (
        <div className="form-field">
          <CheckField
            id={fieldId('is_public')}
            checked={isPublic}
            onChecked={(checked) => {
              setIsPublic(checked);
              edited('is_public');
            }}
            label="전체 공개 (링크를 받은 누구나 이 글을 볼 수 있어요)"
          />
          <FieldErrors id={fieldId('is_public-error')} messages={errors.is_public ?? []} />
        </div>
      ) : null}
      <SubmitButton label={existing ? '수정 완료' : '올리기'} busyLabel={existing ? '저장하는 중…' : '올리는 중…'} busy={busy} disabled={uploading > 0} />
      <FormAlert id={fieldId('alert')} messages={form.messages} />
    </Form>
  );
}
