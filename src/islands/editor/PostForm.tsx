import { useEffect, useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import type { ValidationErrors } from '../../lib/api-errors.ts';
import { quietApi } from '../../lib/browser-api.ts';
import { GENERIC_MESSAGE, failureMessages } from '../shared/failure-messages.ts';
import { FieldErrors, FormAlert, SubmitButton, TextField } from '../shared/form-fields.tsx';
import { SelectField } from '../shared/form-controls.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import type { ComposerCategory, EditablePost } from './types.ts';
import './editor.css';
import { useLeaveWarning } from './use-leave-warning.ts';

export const TITLE_MAX = 100;
const PASSWORD_MIN = 4;
const PASSWORD_MAX = 20;
const FIELD_ORDER = ['square_post_category_id', 'title', 'content', 'is_anonymous', 'password'];
const CHECK_MESSAGE = '입력한 내용을 다시 확인해 주세요.';
const FORBIDDEN_STATUS = 403;

interface PostFormProps {
  /** The boards the member may write in (the post's own one included when editing). */
  categories: ComposerCategory[];
  initialCategoryId: number | null;
  /** The post being edited; none for a new one. */
  post?: EditablePost;
  /** Staff mark notices. */
  canPostNotice: boolean;
}

const flag = (value: boolean) => (value ? '1' : '0');

/** What the browser can tell before sending; the server checks everything again. */
function localProblems(values: { category: string; title: string; password: string }, filled: boolean): ValidationErrors {
  const errors: ValidationErrors = {};
  if (!values.category) errors.square_post_category_id = ['게시판을 선택해 주세요.'];
  if (!values.title.trim()) errors.title = ['제목을 입력해 주세요.'];
  if (!filled) errors.content = ['내용을 입력해 주세요.'];
  const { length } = values.password;
  if (length > 0 && (length < PASSWORD_MIN || length > PASSWORD_MAX)) {
    errors.password = [`비밀번호는 ${PASSWORD_MIN}~${PASSWORD_MAX}자로 정해 주세요.`];
  }
  return errors;
}

/**
 * The composer of /compose/post and /compose/post-edit (island, browser only): board, title, body,
 * anonymity and an optional password; sent as multipart, then the post opens.
 */
export function PostForm({ categories, initialCategoryId, post, canPostNotice }: PostFormProps) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [values, setValues] = useState({
    category: initialCategoryId === null ? '' : String(initialCategoryId),
    title: post?.title ?? '',
    password: '',
  });
  const [content, setContent] = useState({ html: post?.contentHtml ?? '', filled: Boolean(post) });
  const [anonymous, setAnonymous] = useState(post?.isAnonymous ?? false);
  const [notice, setNotice] = useState(post?.isNotice ?? false);
  const [removePassword, setRemovePassword] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [uploadProblems, setUploadProblems] = useState<string[]>([]);
  const [errors, setErrors] = useState<ValidationErrors>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);

  // The draft is kept from an accidental close until it is sent.
  useLeaveWarning(dirty && !busy);
  useEffect(() => {
    if (focusRequest) document.getElementById(`${id}-${focusRequest.field}`)?.focus();
  }, [focusRequest, id]);

  const category = categories.find((item) => String(item.id) === values.category) ?? null;
  const edited = (...names: string[]) => {
    setDirty(true);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !names.includes(name))));
  };
  const setValue = (name: keyof typeof values, field: string) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    edited(field);
  };

  const showErrors = (next: ValidationErrors) => {
    setErrors(next);
    const others = Object.entries(next)
      .filter(([field]) => !FIELD_ORDER.includes(field))
      .flatMap(([, list]) => list);
    setMessages([CHECK_MESSAGE, ...others]);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) setFocusRequest({ field: first });
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || uploading > 0) return;
    const problems = localProblems({ ...values, password: removePassword ? '' : values.password }, content.filled);
    if (Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }
    setBusy(true);
    setMessages([]);
    const body = new FormData();
    body.append('square_post_category_id', values.category);
    body.append('title', values.title.trim());
    body.append('content', content.html);
    body.append('is_anonymous', flag(Boolean(category?.allowsAnonymous) && anonymous));
    if (canPostNotice) body.append('is_notice', flag(notice));
    // Left empty while editing, the post keeps the password it has.
    if (values.password && !removePassword) body.append('password', values.password);
    if (post) body.append('remove_password', flag(removePassword));
    try {
      const { data } = post
        ? await quietApi.put<{ data: { id: number; category: { slug: string } } }>(`/api/square-posts/${post.id}`, body)
        : await quietApi.post<{ data: { id: number; category: { slug: string } } }>('/api/square-posts', body);
      setDirty(false);
      // Busy until the post's page replaces this one.
      window.location.assign(`/square/${encodeURIComponent(data.category.slug)}/${data.id}`);
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
        showErrors(error.errors);
        return;
      }
      setErrors({});
      // 403 carries the reason (e.g. a category the member may not post in) in its message.
      if (isApiError(error) && error.status === FORBIDDEN_STATUS) {
        setMessages([error.message || GENERIC_MESSAGE]);
        return;
      }
      setMessages(failureMessages(error));
    }
  };

  const title = values.title;
  const contentErrors = [...(errors.content ?? []), ...uploadProblems];
  return (
    <form className="form composer-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <SelectField
        id={fieldId('square_post_category_id')}
        label="게시판"
        name="square_post_category_id"
        placeholder="게시판을 선택해 주세요"
        options={categories.map((item) => ({ value: String(item.id), label: item.name }))}
        value={values.category}
        onValue={setValue('category', 'square_post_category_id')}
        errors={errors.square_post_category_id}
        aria-required
      />
      <TextField
        id={fieldId('title')}
        label="제목"
        name="title"
        placeholder="제목을 입력해 주세요"
        maxLength={TITLE_MAX}
        value={title}
        onValue={setValue('title', 'title')}
        errors={errors.title}
        extraDescribedBy={fieldId('title-count')}
        aria-required
      />
      <p id={fieldId('title-count')} className="composer-count" data-full={title.length >= TITLE_MAX}>
        <span aria-hidden="true">
          {title.length}/{TITLE_MAX}
        </span>
        <span className="visually-hidden">
          {TITLE_MAX}자 중 {title.length}자 입력
        </span>
      </p>
      <div className="form-field">
        <span id={fieldId('content-label')} className="form-label">
          내용
        </span>
        <RichTextEditor
          id={fieldId('content')}
          labelId={fieldId('content-label')}
          initialHtml={post?.contentHtml ?? ''}
          onChange={(html, filled) => {
            setContent({ html, filled });
            edited('content');
          }}
          onUploading={setUploading}
          onUploadError={setUploadProblems}
          describedBy={contentErrors.length > 0 ? fieldId('content-error') : undefined}
          invalid={contentErrors.length > 0}
        />
        <FieldErrors id={fieldId('content-error')} messages={contentErrors} />
      </div>
      {category?.allowsAnonymous ? (
        <div className="form-field">
          <label className="form-check" htmlFor={fieldId('is_anonymous')}>
            <input
              id={fieldId('is_anonymous')}
              type="checkbox"
              checked={anonymous}
              onChange={(event) => {
                setAnonymous(event.target.checked);
                edited('is_anonymous');
              }}
            />
            익명으로 올리기
          </label>
          <FieldErrors id={fieldId('is_anonymous-error')} messages={errors.is_anonymous ?? []} />
        </div>
      ) : null}
      {canPostNotice ? (
        <label className="form-check" htmlFor={fieldId('is_notice')}>
          <input
            id={fieldId('is_notice')}
            type="checkbox"
            checked={notice}
            onChange={(event) => {
              setNotice(event.target.checked);
              edited('is_notice');
            }}
          />
          공지로 올리기
        </label>
      ) : null}
      {post?.isProtected ? (
        <label className="form-check" htmlFor={fieldId('remove_password')}>
          <input
            id={fieldId('remove_password')}
            type="checkbox"
            checked={removePassword}
            onChange={(event) => {
              setRemovePassword(event.target.checked);
              edited('password', 'remove_password');
            }}
          />
          비밀번호 없이 누구나 읽게 하기
        </label>
      ) : null}
      <TextField
        id={fieldId('password')}
        label="글 비밀번호 (선택)"
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={
          post?.isProtected
            ? '비워 두면 지금 비밀번호를 그대로 써요. 새로 입력하면 바뀌어요.'
            : `정하면 비밀번호를 아는 분만 읽을 수 있어요. ${PASSWORD_MIN}~${PASSWORD_MAX}자로 정해 주세요.`
        }
        value={values.password}
        disabled={removePassword}
        onValue={setValue('password', 'password')}
        errors={errors.password}
      />
      <SubmitButton
        label={post ? '수정 완료' : '올리기'}
        busyLabel={post ? '저장하는 중…' : '올리는 중…'}
        busy={busy}
        disabled={uploading > 0}
      />
      <FormAlert id={fieldId('alert')} messages={messages} />
    </form>
  );
}
