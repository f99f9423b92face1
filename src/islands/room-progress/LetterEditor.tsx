import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { LETTER_MAX_LENGTH } from '../../lib/letters.ts';
import type { LetterData } from '../../lib/letters.ts';
import { createLetterEditor } from '../../stores/letter-editor.ts';
import { DraftNotice } from '../shared/DraftNotice.tsx';
import { TextAreaField } from '../shared/form-fields.tsx';
import { Form, FormAlert, FormStatus, SubmitButton } from '../shared/form.tsx';
import { useDraft } from '../shared/use-draft.ts';
import { useForm } from '../shared/use-form.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import '../shared/forms.css';
import './room-progress.css';

interface LetterEditorProps {
  roomId: number;
  letter: LetterData | null;
  /** When the letter will arrive, as the page writes it (`2026.12.20`). */
  deliverDate: string;
  /** The member writing: the draft kept in this browser is theirs alone. */
  userId: number;
}

/**
 * The letter while the room runs: written once, then shown sealed; its author may open it to
 * rewrite until the end (POST …/message-to-myself).
 */
export function LetterEditor({ roomId, letter: initial, deliverDate, userId }: LetterEditorProps) {
  const hydrated = useHydrated();
  const [editor] = useState(() => createLetterEditor(roomId, initial));
  const { letter, editing, busy, saved } = useStore(editor.$state);
  const form = useForm({ content: initial?.content ?? '' }, { order: ['content'], onEdit: editor.edited });
  const draft = useDraft(userId, `letter:${roomId}`, form.values);
  // A rewrite left unsealed is offered over the sealed letter too: taking it back opens the letter.
  const notice = (
    <DraftNotice
      draft={draft}
      onResume={(kept) => {
        editor.open();
        form.setValues(kept);
      }}
    />
  );

  const submit = async () => {
    if (busy) return;
    form.setMessages([]);
    const outcome = await editor.write(form.values.content);
    if (outcome === null) return;
    if ('sent' in outcome) {
      form.setValues({ content: outcome.sent.content });
      await draft.sent({ content: outcome.sent.content });
    } else form.showFailure(outcome.failure);
  };

  const statusId = `letter-status-${roomId}`;
  if (!editing && letter) {
    return (
      <div>
        {notice}
        <section className="letter-sealed" aria-labelledby={`letter-sealed-${roomId}`}>
          <p aria-hidden="true" className="letter-sealed-mark">
            ✉️
          </p>
          <h2 id={`letter-sealed-${roomId}`} className="letter-sealed-title">
            봉인된 편지
          </h2>
          <p className="letter-sealed-text">{deliverDate}, 리추얼이 끝나는 날 알림과 메일로 배달돼요.</p>
          <p className="letter-sealed-text">그때까지는 열어 보지 않아도 괜찮아요. 고쳐 쓰고 싶을 때만 열어 주세요.</p>
          <div className="letter-actions">
            <button
              type="button"
              className="form-small-button"
              disabled={!hydrated}
              onClick={editor.open}
            >
              편지 열어 고쳐 쓰기
            </button>
          </div>
        </section>
        <FormStatus id={statusId} message={saved} />
      </div>
    );
  }

  return (
    <Form onSubmit={submit} aria-label="나에게 쓰는 편지">
      {notice}
      <TextAreaField
        {...form.field('content')}
        label="리추얼이 끝나는 날의 나에게"
        hint={`${deliverDate}에 알림과 메일로 배달돼요. 그전까지는 봉인되어 나만 볼 수 있어요.`}
        maxLength={LETTER_MAX_LENGTH}
        rows={10}
        placeholder="지금의 다짐, 바라는 모습, 힘들 때 해 주고 싶은 말을 적어 보세요."
      />
      <FormAlert id={`letter-alert-${roomId}`} messages={form.messages} />
      <SubmitButton label={letter ? '다시 봉인하기' : '편지 봉인하기'} busyLabel="봉인하는 중…" busy={busy} />
      {letter && (
        <button
          type="button"
          className="form-small-button letter-cancel"
          onClick={() => {
            form.setValues({ content: letter.content });
            form.setMessages([]);
            editor.close();
          }}
        >
          고치지 않고 닫기
        </button>
      )}
    </Form>
  );
}
