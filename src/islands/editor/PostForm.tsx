import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { isBlankDraft } from '../../lib/draft-value.ts';
import { POST_PASSWORD_MAX, POST_PASSWORD_MIN, POST_TITLE_MAX } from '../../lib/square-rules.ts';
import { createSquareComposer } from '../../stores/square-compose.ts';
import { DraftNotice } from '../shared/DraftNotice.tsx';
import { CheckField, FieldErrors, SelectField, TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { useDraft } from '../shared/use-draft.ts';
import { useForm } from '../shared/use-form.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import type { ComposerCategory, EditablePost } from './types.ts';
import './editor.css';
import { useLeaveWarning } from './use-leave-warning.ts';

const FIELD_ORDER = ['square_post_category_id', 'title', 'content', 'is_anonymous', 'password'];

interface PostFormProps {
  /** The boards the member may write in (the post's own one included when editing). */
  categories: ComposerCategory[];
  initialCategoryId: number | null;
  /** The post being edited; none for a new one. */
  post?: EditablePost;
  /** Staff mark notices. */
  canPostNotice: boolean;
  /** The member writing: the draft kept in this browser is theirs alone. */
  userId: number;
}

/**
 * The composer of /compose/post and /compose/post-edit (island, browser only): board, title, body,
 * anonymity and an optional password; sent as multipart, then the post opens.
 */
export function PostForm({ categories, initialCategoryId, post, canPostNotice, userId }: PostFormProps) {
  const [content, setContent] = useState({ html: post?.contentHtml ?? '', filled: Boolean(post) });
  // A draft taken back replaces the editor's first content: the editor starts again from it.
  const [editorStart, setEditorStart] = useState({ html: post?.contentHtml ?? '', round: 0 });
  const [flags, setFlags] = useState({ is_anonymous: post?.isAnonymous ?? false, is_notice: post?.isNotice ?? false, remove_password: false });
  const [dirty, setDirty] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [composer] = useState(() =>
    createSquareComposer({ postId: post?.id ?? null, anonymousBoards: new Set(categories.flatMap((item) => (item.allowsAnonymous ? [item.id] : []))), canPostNotice }),
  );
  const busy = useStore(composer.$busy);
  const form = useForm(
    { square_post_category_id: initialCategoryId === null ? '' : String(initialCategoryId), title: post?.title ?? '', password: '' },
    { order: FIELD_ORDER, onEdit: () => setDirty(true) },
  );
  const { values, errors, field, fieldId, edited } = form;

  // The draft is kept from an accidental close until it is sent; its password never is.
  useLeaveWarning(dirty && !busy);
  const draft = useDraft(
    userId,
    post ? `square-post:edit:${post.id}` : 'square-post:new',
    { category: values.square_post_category_id, title: values.title, html: content.html, is_anonymous: flags.is_anonymous, is_notice: flags.is_notice },
  );
  const resume = (kept: { category: string; title: string; html: string; is_anonymous: boolean; is_notice: boolean }) => {
    form.setValues({ ...values, square_post_category_id: kept.category, title: kept.title });
    setFlags((current) => ({ ...current, is_anonymous: kept.is_anonymous, is_notice: kept.is_notice }));
    setContent({ html: kept.html, filled: !isBlankDraft({ html: kept.html }) });
    setEditorStart((current) => ({ html: kept.html, round: current.round + 1 }));
    setDirty(true);
  };

  const category = categories.find((item) => String(item.id) === values.square_post_category_id) ?? null;
  const removePassword = flags.remove_password;
  // Taking the password away leaves nothing for the password's own messages to say.
  const flag = (name: keyof typeof flags) => ({
    id: fieldId(name),
    checked: flags[name],
    onChecked: (checked: boolean) => {
      setFlags((current) => ({ ...current, [name]: checked }));
      edited(name, ...(name === 'remove_password' ? ['password'] : []));
    },
  });

  const onSubmit = async () => {
    if (uploading > 0) return;
    form.setMessages([]);
    const outcome = await composer.submit({ ...values, html: content.html, filled: content.filled, ...flags });
    if (outcome === null) return;
    if ('invalid' in outcome) form.showInvalid(outcome.invalid);
    else if ('failure' in outcome) form.showFailure(outcome.failure);
    else {
      setDirty(false);
      await draft.sent();
      // Busy until the post's page replaces this one.
      window.location.assign(outcome.sent);
    }
  };

  const contentErrors = errors.content ?? [];
  return (
    <Form onSubmit={onSubmit}>
      <DraftNotice draft={draft} onResume={resume} />
      <SelectField
        {...field('square_post_category_id')}
        label="게시판"
        placeholder="게시판을 선택해 주세요"
        options={categories.map((item) => ({ value: String(item.id), label: item.name }))}
        aria-required
      />
      <TextField {...field('title')} label="제목" placeholder="제목을 입력해 주세요" maxLength={POST_TITLE_MAX} counted aria-required />
      <div className="form-field">
        <span id={fieldId('content-label')} className="form-label">
          내용
        </span>
        <RichTextEditor
          key={editorStart.round}
          id={fieldId('content')}
          labelId={fieldId('content-label')}
          initialHtml={editorStart.html}
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
      {category?.allowsAnonymous ? (
        <div className="form-field">
          <CheckField {...flag('is_anonymous')} label="익명으로 올리기" />
          <FieldErrors id={fieldId('is_anonymous-error')} messages={errors.is_anonymous ?? []} />
        </div>
      ) : null}
      {canPostNotice ? <CheckField {...flag('is_notice')} label="공지로 올리기" /> : null}
      {post?.isProtected ? <CheckField {...flag('remove_password')} label="비밀번호 없이 누구나 읽게 하기" /> : null}
      <TextField
        {...field('password')}
        label="글 비밀번호 (선택)"
        type="password"
        autoComplete="new-password"
        maxLength={POST_PASSWORD_MAX}
        hint={
          post?.isProtected
            ? '비워 두면 지금 비밀번호를 그대로 써요. 새로 입력하면 바뀌어요.'
            : `정하면 비밀번호를 아는 분만 읽을 수 있어요. ${POST_PASSWORD_MIN}~${POST_PASSWORD_MAX}자로 정해 주세요.`
        }
        disabled={removePassword}
      />
      <SubmitButton
        label={post ? '수정 완료' : '올리기'}
        busyLabel={post ? '저장하는 중…' : '올리는 중…'}
        busy={busy}
        disabled={uploading > 0}
      />
      <FormAlert id={fieldId('alert')} messages={form.messages} />
    </Form>
  );
}
