import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { mayBePicture } from '../../lib/images/picture-rules.ts';
import { createInquiryForm } from '../../stores/inquiry-form.ts';
import { DraftNotice } from '../shared/DraftNotice.tsx';
import { NETWORK_MESSAGE } from '../shared/failure-messages.ts';
import { SelectField, TextAreaField, TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { useDraft } from '../shared/use-draft.ts';
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
  /** The member writing: the draft kept in this browser is theirs alone. */
  userId: number;
}

const FIELD_ORDER = ['inquiry_category_id', 'title', 'content', 'files'];

const savedEntry = (file: SavedAttachment): AttachmentEntry => ({ kind: 'saved', key: `saved-${file.id}`, ...file });

/** /inquiry/create and /inquiry/{id}/edit: category, title, content and attachments, sent as multipart. */
export function InquiryForm({ categories, rules, inquiry, userId }: InquiryFormProps) {
  const nextKey = useRef(0);
  const form = useForm(
    { inquiry_category_id: inquiry ? String(inquiry.categoryId) : '', title: inquiry?.title ?? '', content: inquiry?.content ?? '' },
    { order: FIELD_ORDER },
  );
  const { values, errors, field, fieldId, edited } = form;
  // Attachments are files not yet sent: only the text is kept.
  const draft = useDraft(userId, inquiry ? `inquiry:edit:${inquiry.id}` : 'inquiry:new', values);
  const [entries, setEntries] = useState<AttachmentEntry[]>(() => inquiry?.attachments.map(savedEntry) ?? []);
  // Read after pictures were prepared, when this render's entries may be out of date.
  const latestEntries = useRef(entries);
  latestEntries.current = entries;
  const [preparing, setPreparing] = useState(0);
  const [sender] = useState(() => createInquiryForm(inquiry?.id ?? null));
  const busy = useStore(sender.$busy);
  const sending = useStore(sender.$sending);

  /** Pictures are made smaller first (a PDF goes as it is); those the browser cannot read are refused. */
  const prepare = async (picked: File[]): Promise<{ files: File[]; refused: string[] }> => {
    const pictures = picked.filter(mayBePicture).length;
    if (pictures === 0) return { files: picked, refused: [] };
    setPreparing((count) => count + pictures);
    try {
      const { preparePicture } = await import('../shared/pictures/prepare-picture.ts');
      const files: File[] = [];
      const refused: string[] = [];
      for (const file of picked) {
        const result = mayBePicture(file) ? await preparePicture(file) : { ok: true as const, file };
        if (result.ok) files.push(result.file);
        else refused.push(`‘${file.name}’: ${result.message}`);
      }
      return { files, refused };
    } catch {
      return { files: picked.filter((file) => !mayBePicture(file)), refused: [NETWORK_MESSAGE] };
    } finally {
      setPreparing((count) => count - pictures);
    }
  };

  const onPick = async (picked: File[]) => {
    edited('files', 'keep_attachment_ids');
    const { files, refused } = await prepare(picked);
    const current = latestEntries.current;
    const newBytes = current.reduce((sum, entry) => sum + (entry.kind === 'new' ? entry.file.size : 0), 0);
    const { accepted, problems } = pickFiles(files, { count: current.length, newBytes }, rules);
    const added = accepted.map((file): AttachmentEntry => ({ kind: 'new', key: `new-${(nextKey.current += 1)}`, file }));
    latestEntries.current = [...current, ...added];
    setEntries((list) => [...list, ...added]);
    const messages = [...refused, ...problems];
    if (messages.length > 0) form.setErrors((errorsNow) => ({ ...errorsNow, files: messages }));
  };

  const onRemove = (key: string) => {
    setEntries((current) => current.filter((entry) => entry.key !== key));
    edited('files', 'keep_attachment_ids');
  };

  const onSubmit = async () => {
    if (preparing > 0) return;
    form.setMessages([]);
    const outcome = await sender.submit({
      values,
      keptIds: entries.flatMap((entry) => (entry.kind === 'saved' ? [entry.id] : [])),
      fresh: entries.flatMap((entry) => (entry.kind === 'new' ? [entry] : [])),
    });
    if (outcome === null) return;
    if ('invalid' in outcome) form.showInvalid(outcome.invalid);
    else if ('failure' in outcome) form.showFailure(outcome.failure);
    else {
      await draft.sent();
      // Busy until the detail page replaces this one.
      window.location.assign(outcome.sent);
    }
  };

  const hint = `이미지(JPG, PNG, WEBP, GIF) 또는 PDF · 한 개에 ${formatFileSize(rules.fileMaxBytes)} 이하 · 최대 ${rules.filesMax}개`;
  return (
    <Form className="inquiry-form" encType="multipart/form-data" onSubmit={onSubmit}>
      <DraftNotice draft={draft} onResume={form.setValues} />
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
        preparing={preparing}
        percents={sending?.byKey ?? null}
        onPick={(picked) => void onPick(picked)}
        onRemove={onRemove}
      />
      <SubmitButton
        label={inquiry ? '수정 완료' : '문의 보내기'}
        busyLabel={sending && sending.percent < 100 ? `파일 올리는 중… ${sending.percent}%` : inquiry ? '저장하는 중…' : '보내는 중…'}
        busy={busy}
        disabled={preparing > 0}
      />
      <FormAlert id={fieldId('alert')} messages={form.messages} />
    </Form>
  );
}
