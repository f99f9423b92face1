import type { ComponentProps, ReactNode } from 'react';
import './forms.css';

interface FilePickerProps extends Omit<ComponentProps<'input'>, 'type' | 'className' | 'onChange' | 'value'> {
  id: string;
  /** What the button says. */
  label: ReactNode;
  onFiles: (files: File[]) => void;
}

/**
 * A file input that stays in the page (visually hidden) for keyboards and screen readers, with its
 * label as the button. It is emptied at once, so that picking the same file again is a change.
 */
export function FilePicker({ id, label, onFiles, disabled, ...input }: FilePickerProps) {
  return (
    <>
      <input
        {...input}
        id={id}
        type="file"
        className="visually-hidden form-file-input"
        disabled={disabled}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          event.target.value = '';
          if (picked.length > 0) onFiles(picked);
        }}
      />
      <label htmlFor={id} className="form-small-button" data-disabled={disabled ? true : undefined}>
        {label}
      </label>
    </>
  );
}
