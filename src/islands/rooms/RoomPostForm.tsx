import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isBlankDraft } from '../../lib/draft-value.ts';
import { ROOM_TITLE_MAX } from '../../lib/room-post-rules.ts';
import { createRoomComposer } from '../../stores/room-compose.ts';
import { DraftNotice } from '../shared/DraftNotice.tsx';
import { CheckField, FieldErrors, SelectField, TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { useDraft } from '../shared/use-draft.ts';
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
  /** The member writing: a record made offline, and the draft, wait in this browser for them alone. */
  userId: number;
}

/**
 * The composer of a room's posts and threads (/compose/post?roomId=, /compose/thread?roomId= and
 * their edits): the editor of the square, sent as multipart; the post or thread then opens.
 */
export function RoomPostForm({ target, initialCategory, userId }: Props) {
  const existing = target.kind === 'post' ? target.post : target.thread;
  const [content, setContent] = useState({ html: existing?.contentHtml ?? '', filled: Boolean(existing) });
  // A draft taken back replaces the editor's first content: the editor starts again from it.
  const [editorStart, setEditorStart] = useState({ html: existing?.contentHtml ?? '', round: 0 });
  const [isPublic, setIsPublic] = useState(target.kind === 'post' ? (target.post?.isPublic ?? false) : false);
  const [dirty, setDirty] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [composer] = useState(() => createRoomComposer({ kind: target.kind, roomId: target.roomId, existingId: existing?.id ?? null, userId }));
  const busy = useStore(composer.$busy);
  const queued = useStore(composer.$queued);
  const sentPath = useStore(composer.$sentPath);
  useEffect(() => {
    if (sentPath !== null) window.location.assign(sentPath);
  }, [sentPath]);
  const form = useForm(
    { category: target.kind === 'post' ? (target.post?.category ?? initialCategory ?? target.categories[0]?.value ?? '') : '', title: existing?.title ?? '' },
    { order: ['category', 'title', 'content', 'is_public'], onEdit: () => setDirty(true) },
  );
  const { values, errors, field, fieldId, edited } = form;
  // A queued record is safe in the browser: leaving loses nothing.
  useLeaveWarning(dirty && !busy && !queued);
  const draftKind = target.kind === 'post' ? 'room-post' : 'thread';
  const draft = useDraft(
    userId,
    existing ? `${draftKind}:edit:${existing.id}` : `${draftKind}:${target.roomId}`,
    { category: values.category, title: values.title, html: content.html, is_public: isPublic },
  );
  const resume = (kept: { category: string; title: string; html: string; is_public: boolean }) => {
    form.setValues({ category: kept.category, title: kept.title });
    setIsPublic(kept.is_public);
    setContent({ html: kept.html, filled: !isBlankDraft({ html: kept.html }) });
    setEditorStart((current) => ({ html: kept.html, round: current.round + 1 }));
    setDirty(true);
  };

  const onSubmit = async () => {
    if (uploading > 0) return;
    form.setMessages([]);
    const outcome = await composer.submit({ ...values, html: content.html, filled: content.filled, is_public: isPublic });
    if (outcome === null) return;
    if ('invalid' in outcome) form.showInvalid(outcome.invalid);
    else if ('failure' in outcome) form.showFailure(outcome.failure);
    else {
      setDirty(false);
      // Sent, or safe in the outbox until the connection returns: either way no longer a draft.
      await draft.sent();
      if (outcome.sent !== null) window.location.assign(outcome.sent);
    }
  };

  const contentErrors = errors.content ?? [];
  return (
    <Form onSubmit={onSubmit}>
      <DraftNotice draft={draft} onResume={resume} />
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
      {queued ? (
        <p className="form-status" role="status">
          전송 대기 중 · 인터넷에 다시 연결되면 자동으로 올릴게요. 이 화면을 닫아도 기록은 이 기기에 남아 있어요.
        </p>
      ) : null}
    </Form>
  );
}
