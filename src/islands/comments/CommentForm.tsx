import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import { COMMENT_CONTENT_MAX } from '../../lib/comment-rules.ts';
import { createCommentForm } from '../../stores/comment-form.ts';
import type { CommentSender } from '../../stores/comment-form.ts';
import { DraftNotice } from '../shared/DraftNotice.tsx';
import { useDraft } from '../shared/use-draft.ts';
import { useEarlyValue } from '../shared/use-early-input.ts';
import { useMentions } from './use-mentions.ts';
import type { RoomMentionables } from './use-mentions.ts';

interface CommentFormProps {
  label: string;
  submitLabel: string;
  allowsAnonymous: boolean;
  autoFocus?: boolean;
  onCancel?: () => void;
  onSubmit: CommentSender;
  /** In a room: the members an @ may name. */
  mentionables?: RoomMentionables | undefined;
  /** Whose draft this box keeps, and where (`comment:square_post:12`, a reply's with its parent). */
  draftOwner: number;
  draftPlace: string;
}

/** The write box for a comment or a reply. */
export function CommentForm({ label, submitLabel, allowsAnonymous, autoFocus, onCancel, onSubmit, mentionables, draftOwner, draftPlace }: CommentFormProps) {
  const ids = useId();
  const [content, setContent] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [form] = useState(createCommentForm);
  const { busy, messages } = useStore(form.$state);
  const box = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentions(mentionables, content, setContent, box);
  const boxRef = useEarlyValue(content, setContent, box);
  const draft = useDraft(draftOwner, draftPlace, { content, anonymous });

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await form.submit(content, allowsAnonymous && anonymous, onSubmit))) return;
    setContent('');
    await draft.sent();
  };

  const fieldId = `${ids}-content`;
  const errorId = `${ids}-error`;
  const listId = `${ids}-mentions`;
  return (
    <form className="comment-form" noValidate onSubmit={(event) => void submit(event)}>
      <DraftNotice
        draft={draft}
        onResume={(kept) => {
          setContent(kept.content);
          setAnonymous(kept.anonymous);
        }}
      />
      <label className="visually-hidden" htmlFor={fieldId}>
        {label} 내용
      </label>
      <textarea
        ref={boxRef}
        id={fieldId}
        className="comment-form-input"
        rows={3}
        maxLength={COMMENT_CONTENT_MAX}
        placeholder={`${label}을 남겨 보세요.`}
        value={content}
        autoFocus={autoFocus}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length > 0 ? errorId : undefined}
        {...(mentionables
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': mentions.open,
              'aria-controls': listId,
              'aria-activedescendant': mentions.open ? `${listId}-${mentions.active}` : undefined,
            }
          : {})}
        onFocus={mentions.want}
        onKeyDown={mentions.onKeyDown}
        onSelect={(event) => mentions.track(event.currentTarget.value, event.currentTarget.selectionStart)}
        onChange={(event) => {
          setContent(event.target.value);
          mentions.track(event.target.value, event.target.selectionStart);
          if (messages.length > 0) form.clear();
        }}
      />
      {mentionables ? (
        <ul id={listId} className="comment-mentions" role="listbox" aria-label="언급할 멤버" hidden={!mentions.open}>
          {mentions.matches.map((member, index) => (
            <li
              key={member.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === mentions.active}
              className={index === mentions.active ? 'comment-mention active' : 'comment-mention'}
              // Taken before the box loses focus, for a mouse and a finger alike.
              onPointerDown={(event) => {
                event.preventDefault();
                mentions.pick(member);
              }}
            >
              @{member.nickname}
            </li>
          ))}
        </ul>
      ) : null}
      {messages.length > 0 ? (
        <p id={errorId} className="comments-error" role="alert">
          {messages.join(' ')}
        </p>
      ) : null}
      <div className="comment-form-footer">
        {allowsAnonymous ? (
          <label className="comment-form-anonymous">
            <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} />
            익명으로 쓰기
          </label>
        ) : null}
        <span className="comment-form-length" aria-hidden="true">
          {content.length.toLocaleString('ko-KR')}/{COMMENT_CONTENT_MAX.toLocaleString('ko-KR')}
        </span>
        {onCancel ? (
          <button type="button" className="comment-button comment-button-secondary" onClick={onCancel}>
            취소
          </button>
        ) : null}
        <button type="submit" className="comment-button comment-button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? '남기는 중…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
