import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { $modal, cancelModal, clearModalError, installModalRouteReset, submitModal } from '../stores/modal.ts';
import type { ModalDraft, ModalState } from '../stores/modal.ts';
import { UsersList } from './reactions/UsersList.tsx';
import { DraftNotice } from './shared/DraftNotice.tsx';
import { useDraft } from './shared/use-draft.ts';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), [href], [tabindex="0"]';

/** The one modal host, mounted once per page when the first modal is asked for (modal-root.tsx). */
export function ModalHost() {
  const modal = useStore($modal);

  useEffect(() => installModalRouteReset(), []);

  if (!modal) return null;
  return (
    <div className="modal-root">
      <div className="modal-backdrop" aria-hidden="true" onClick={cancelModal} />
      <div className="modal-layer">
        {/* A new key per modal: a fresh draft, and focus moves again. */}
        <ModalDialog key={modal.id} modal={modal} />
      </div>
    </div>
  );
}

function ModalDialog({ modal }: { modal: ModalState }) {
  const ids = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState(modal.kind === 'input' ? modal.initialValue : '');

  useEffect(() => {
    const previous = document.activeElement;
    // The field of an input modal, else the confirm button.
    dialogRef.current?.querySelector<HTMLElement>('.modal-input, .modal-button-primary')?.focus();
    // When one modal replaces another, this cleanup runs first, so the next one still returns
    // focus to what the person used before the first.
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Escape while composing Hangul only ends the composition.
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      cancelModal();
    } else if (event.key === 'Tab' && dialogRef.current) {
      const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialogRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  // A form, so that Enter in a single-line field confirms; noValidate, so that the browser's own
  // bubble (in the browser's language) does not replace the Korean required message.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitModal(draft)) dialogRef.current?.querySelector<HTMLElement>('.modal-input')?.focus();
  };

  const titleId = `${ids}-title`;
  const messageId = `${ids}-message`;
  const fieldId = `${ids}-field`;
  const errorId = `${ids}-error`;
  const danger = modal.kind === 'confirm' && modal.tone === 'danger';
  const error = modal.kind === 'input' ? modal.error : undefined;

  return (
    <div
      ref={dialogRef}
      className="modal-dialog"
      role={modal.kind === 'input' || modal.kind === 'users-list' ? 'dialog' : 'alertdialog'}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={(modal.kind === 'confirm' || modal.kind === 'alert') && modal.message ? messageId : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <form className="modal-form" noValidate onSubmit={onSubmit}>
        <h2 id={titleId} className="modal-title">
          {modal.title}
        </h2>
        {modal.kind === 'users-list' ? <UsersList users={modal.users} emptyMessage={modal.emptyMessage} /> : null}
        {(modal.kind === 'confirm' || modal.kind === 'alert') && modal.message ? (
          <p id={messageId} className="modal-message">
            {modal.message}
          </p>
        ) : null}
        {modal.kind === 'input' ? (
          <div className="modal-field">
            {modal.draft ? <ModalDraftNotice at={modal.draft} text={draft} onResume={setDraft} /> : null}
            <label htmlFor={fieldId} className="modal-label">
              {modal.label}
            </label>
            <ModalField
              id={fieldId}
              multiline={modal.multiline}
              value={draft}
              placeholder={modal.placeholder}
              errorId={error ? errorId : undefined}
              onChange={(value) => {
                setDraft(value);
                clearModalError();
              }}
            />
            {error ? (
              <p id={errorId} className="modal-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="modal-actions">
          {modal.kind === 'alert' || modal.kind === 'users-list' ? null : (
            <button type="button" className="modal-button modal-button-secondary" onClick={cancelModal}>
              {modal.cancelLabel}
            </button>
          )}
          <button
            type="submit"
            className={`modal-button modal-button-primary${danger ? ' modal-button-danger' : ''}`}
          >
            {modal.confirmLabel}
          </button>
        </div>
      </form>
    </div>
  );
}

interface ModalDraftNoticeProps {
  at: ModalDraft;
  text: string;
  onResume: (text: string) => void;
}

/**
 * An input modal's text kept as typed: offered back when the modal opens again, and what is
 * pending written as it closes. The store that sends the text forgets it once it went in.
 */
function ModalDraftNotice({ at, text, onResume }: ModalDraftNoticeProps) {
  const kept = useDraft(at.owner, at.place, { text });
  return <DraftNotice draft={kept} onResume={(value) => onResume(value.text)} />;
}

interface ModalFieldProps {
  id: string;
  multiline: boolean;
  value: string;
  placeholder: string | undefined;
  /** Set while the required message is shown. */
  errorId: string | undefined;
  onChange: (value: string) => void;
}

function ModalField({ id, multiline, value, placeholder, errorId, onChange }: ModalFieldProps) {
  const props = {
    id,
    className: 'modal-input',
    value,
    placeholder,
    required: true,
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': errorId,
  };
  return multiline ? (
    <textarea rows={4} {...props} onChange={(event) => onChange(event.target.value)} />
  ) : (
    <input type="text" {...props} onChange={(event) => onChange(event.target.value)} />
  );
}
