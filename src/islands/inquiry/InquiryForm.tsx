import { useEffect, useId, useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import type { ValidationErrors } from '../../lib/api-errors.ts';
import { api } from '../../lib/browser-api.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { FormAlert, SubmitButton, TextField } from '../shared/form-fields.tsx';
import { SelectField, TextAreaField } from '../shared/form-controls.tsx';
import { AttachmentPicker } from './AttachmentPicker.tsx';
import type { AttachmentEntry } from './AttachmentPicker.tsx';
import { formatFileSize, pickFiles } from './inquiry-files.ts';
import type { InquiryFileRules } from './inquiry-files.ts';
import './inquiry.css';

export interface InquiryFormRules extends InquiryFileRules {
  titleMax: number;
  contentMax: number;
}

export interface SavedAttachment {
  id: number;
  name: string;
  size: number;
  url: string;
  mimeType: string;
}

/** The inquiry being edited; none for a new one. */
export interface EditableInquiry {
  id: number;
  categoryId: number;
  title: string;
  content: string;
  attachments: SavedAttachment[];
}

interface InquiryFormProps {
  categories: { id: number; name: string }[];
  rules: InquiryFormRules;
  inquiry?: EditableInquiry;
}

const FIELD_ORDER = ['inquiry_category_id', 'title', 'content', 'files'];
const CHECK_MESSAGE = '입력한 내용을 다시 확인해 주세요.';
const BODY_TOO_LARGE = 413;

const savedEntry = (file: SavedAttachment): AttachmentEntry => ({ kind: 'saved', key: `saved-${file.id}`, ...file });

/** /inquiry/create and /inquiry/{id}/edit: category, title, content and attachments, sent as multipart. */
export function InquiryForm({ categories, rules, inquiry }: InquiryFormProps) {
  const id = useId();
  const nextKey = useRef(0);
  const [values, setValues] = useState({
    category: inquiry ? String(inquiry.categoryId) : '',
    title: inquiry?.title ?? '',
    content: inquiry?.content ?? '',
  });
  const [entries, setEntries] = useState<AttachmentEntry[]>(() => inquiry?.attachments.map(savedEntry) ?? []);
  const [errors, setErrors] = useState<ValidationErrors>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // Focus moves once the form is rendered again: the file picker is disabled while sending.
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);

  const fieldId = (name: string) => `${id}-${name}`;
  useEffect(() => {
    if (focusRequest) document.getElementById(`${id}-${focusRequest.field}`)?.focus();
  }, [focusRequest, id]);
  // The server's word on a field no longer holds once it is edited.
  const edited = (...names: string[]) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !names.includes(name))));
  const setValue = (name: keyof typeof values, field: string) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    edited(field);
  };

  const onPick = (picked: File[]) => {
    const newBytes = entries.reduce((sum, entry) => sum + (entry.kind === 'new' ? entry.file.size : 0), 0);
    const { accepted, problems } = pickFiles(picked, { count: entries.length, newBytes }, rules);
    const added = accepted.map((file): AttachmentEntry => ({ kind: 'new', key: `new-${(nextKey.current += 1)}`, file }));
    setEntries((current) => [...current, ...added]);
    edited('files', 'keep_attachment_ids');
    if (problems.length > 0) setErrors((current) => ({ ...current, files: problems }));
  };

  const onRemove = (key: string) => {
    setEntries((current) => current.filter((entry) => entry.key !== key));
    edited('files', 'keep_attachment_ids');
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessages([]);
    const body = new FormData();
    body.append('inquiry_category_id', values.category);
    body.append('title', values.title);
    body.append('content', values.content);
    for (const entry of entries) {
      if (entry.kind === 'saved') body.append('keep_attachment_ids[]', String(entry.id));
      else body.append('files[]', entry.file);
    }
    try {
      const { data } = inquiry
        ? await api.put<{ data: { id: number } }>(`/api/inquiries/${inquiry.id}`, body)
        : await api.post<{ data: { id: number } }>('/api/inquiries', body);
      // Busy until the detail page replaces this one.
      window.location.assign(`/inquiry/${data.id}`);
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === BODY_TOO_LARGE) {
        setErrors({ files: [error.message] });
        setFocusRequest({ field: 'files' });
        return;
      }
      if (!isApiError(error) || error.status !== 422) {
        setErrors({});
        setMessages(failureMessages(error));
        return;
      }
      const { keep_attachment_ids: keep = [], ...rest } = error.errors;
      const next: ValidationErrors = keep.length > 0 ? { ...rest, files: [...(rest.files ?? []), ...keep] } : rest;
      setErrors(next);
      // Fields of their own show their messages in place; anything else is listed under the form.
      const others = Object.entries(next)
        .filter(([field]) => !FIELD_ORDER.includes(field))
        .flatMap(([, list]) => list);
      setMessages([CHECK_MESSAGE, ...others]);
      const first = FIELD_ORDER.find((field) => next[field]);
      if (first) setFocusRequest({ field: first });
    }
  };

  const hint = `이미지(JPG, PNG, WEBP, GIF) 또는 PDF · 한 개에 ${formatFileSize(rules.fileMaxBytes)} 이하 · 최대 ${rules.filesMax}개`;
  return (
    <form className="form inquiry-form" method="post" encType="multipart/form-data" noValidate onSubmit={(event) => void onSubmit(event)}>
      <SelectField
        id={fieldId('inquiry_category_id')}
        label="문의 유형"
        name="inquiry_category_id"
        placeholder="문의 유형을 선택해 주세요"
        options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        value={values.category}
        onValue={setValue('category', 'inquiry_category_id')}
        errors={errors.inquiry_category_id}
        aria-required
      />
      <TextField
        id={fieldId('title')}
        label="제목"
        name="title"
        placeholder="어떤 내용인지 한 줄로 알려 주세요"
        maxLength={rules.titleMax}
        value={values.title}
        onValue={setValue('title', 'title')}
        errors={errors.title}
        aria-required
      />
      <TextAreaField
        id={fieldId('content')}
        label="문의 내용"
        name="content"
        rows={8}
        placeholder="상황을 자세히 적어 주시면 더 정확하게 답변드릴 수 있어요. 주문 문의는 주문 번호를 함께 남겨 주세요."
        maxLength={rules.contentMax}
        value={values.content}
        onValue={setValue('content', 'content')}
        errors={errors.content}
        aria-required
      />
      <AttachmentPicker
        id={fieldId('files')}
        entries={entries}
        max={rules.filesMax}
        hint={hint}
        errors={errors.files ?? []}
        disabled={busy}
        onPick={onPick}
        onRemove={onRemove}
      />
      <SubmitButton label={inquiry ? '수정 완료' : '문의 보내기'} busyLabel={inquiry ? '저장하는 중…' : '보내는 중…'} busy={busy} />
      <FormAlert id={fieldId('alert')} messages={messages} />
    </form>
  );
}
