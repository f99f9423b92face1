/**
 * What an editor's draft holds: its fields by name, text or ticks. Only text and what the server
 * already holds (a picture's URL in the editor's HTML) goes in; a file not yet sent does not.
 */
export type DraftValue = Record<string, string | boolean>;

// A picture is content even without a word; markup alone (an emptied editor's `<p></p>`) is not.
const blankText = (text: string): boolean => !/<img\s/i.test(text) && text.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';

/** Nothing typed worth offering back: every text blank (a ticked box alone is no draft). */
export const isBlankDraft = (value: DraftValue): boolean =>
  Object.values(value).every((field) => typeof field !== 'string' || blankText(field));
