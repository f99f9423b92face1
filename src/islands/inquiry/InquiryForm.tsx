import { useRef, useState } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import { api } from '../../lib/browser-api.ts';
import { SelectField, TextAreaField, TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { useForm } from '../shared/use-form.ts';
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
const BODY_TOO_LARGE = 413;
const VALIDATION_STATUS = 422;

const savedEntry = (file: SavedAttachment): AttachmentEntry => ({ kind: 'saved', key: `saved-${file.id}`, ...file });

/** /inquiry/create and /inquiry/{id}/edit: category, title, content and attachments, sent as multipart. */
export function InquiryForm({ categories, rules, inquiry }: InquiryFormProps) {
  const nextKey = useRef(0);
  const form = useForm(
    { inquiry_category_id: inquiry ? String(inquiry.categoryId) : '', title: inquiry?.title ?? '', content: inquiry?.content ?? '' },
    { order: FIELD_ORDER },
  );
  const { values, errors, field, fieldId, edited } = form;
  const [entries, setEntries] = useState<AttachmentEntry[]>(() => inquiry?.attachments.map(savedEntry) ?? []);
  const [busy, setBusy] = useState(false);

  const onPick = (picked: File[]) => {
    const newBytes = entries.reduce((sum, entry) => sum + (entry.kind === 'new' ? entry.file.size : 0), 0);
    const { accepted, problems } = pickFiles(picked, { count: entries.length, newBytes }, rules);
    const added = accepted.map((file): AttachmentEntry => ({ kind: 'new', key: `new-${(nextKey.current += 1)}`, file }));
    setEntries((current) => [...current, ...added]);
    edited('files', 'keep_attachment_ids');
    if (problems.length > 0) form.setErrors((current) => ({ ...current, files: problems }));
  };

  const onRemove = (key: string) => {
    setEntries((current) => current.filter((entry) => entry.key !== key));
    edited('files', 'keep_attachment_ids');
  };

  const onSubmit = async () => {
    if (busy) return;
    setBusy(true);
    form.setMessages([]);
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, value);
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
        form.showInvalid({ files: [error.message] });
      } else if (isApiError(error) && error.status === VALIDATION_STATUS) {
        // The kept attachments are the picker's too: their messages stand under it.
        const { keep_attachment_ids: keep = [], ...rest } = error.errors;
        form.showInvalid(keep.length > 0 ? { ...rest, files: [...(rest.files ?? []), ...keep] } : rest);
      } else {
        form.showFailure(error);
      }
    }
  };

  const hint = `이미지(JPG, PNG, WEBP, GIF) 또는 PDF · 한 개에 ${formatFileSize(rules.fileMaxBytes)} 이하 · 최대 ${rules.filesMax}개`;
  return (
    <Form className="inquiry-form" encType="multipart/form-data" onSubmit={onSubmit}>
      <SelectField
        {...field('inquiry_category_id')}
        label="문의 유형"
        placeholder="문의 유형을 선택해 주세요"
        options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        aria-required
      />
      <TextField {...field('title')} label="제목" placeholder="어떤 내용인지 한 줄로 알려 주세요" maxLength={rules.titleMax} aria-required />
      <TextAreaField
        {...field('content')}
        label="문의 내용"
        rows={8}
        placeholder="상황을 자세히 적어 주시면 더 정확하게 답변드릴 수 있어요. 주문 문의는 주문 번호를 함께 남겨 주세요."
        maxLength={rules.contentMax}
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
      <FormAlert id={fieldId('alert')} messages={form.messages} />
    </Form>
  );
}
