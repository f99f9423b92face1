import { FormHelperText, InputLabel, Stack } from '@mui/material';
import { useId } from 'react';
import { useInput } from 'react-admin';
import type { InputProps } from 'react-admin';
import { RichTextEditor } from '../../editor/RichTextEditor.tsx';
import '../../editor/editor.css';

/**
 * The site's own editor as a form input: what staff write is limited to what the server keeps,
 * exactly as in members' posts. The server sanitises it again before storing.
 */
export function RichTextInput(props: InputProps & { label: string }) {
  const { field, fieldState } = useInput(props);
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <Stack spacing={1} sx={{ width: '100%', maxWidth: 880, mb: 2 }}>
      <InputLabel id={`${id}-label`} htmlFor={`${id}-editor`} required={props.isRequired}>
        {props.label}
      </InputLabel>
      <RichTextEditor
        id={`${id}-editor`}
        labelId={`${id}-label`}
        initialHtml={typeof field.value === 'string' ? field.value : ''}
        onChange={(html, filled) => field.onChange(filled ? html : '')}
        onUploading={() => undefined}
        invalid={Boolean(error)}
      />
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Stack>
  );
}
