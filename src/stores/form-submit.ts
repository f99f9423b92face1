import { atom } from 'nanostores';
import { isApiError } from '../lib/api-errors.ts';
import type { ValidationErrors } from '../lib/api-errors.ts';

/**
 * How a form's send came out: the answer, the field messages of a refusal (the browser's own
 * checks or the server's 422) for the form to show under its fields, or any other failure for the
 * island to word.
 */
export type SubmitOutcome<Answer> = { sent: Answer } | { invalid: ValidationErrors } | { failure: unknown };

export const outcomeOfFailure = (error: unknown): { invalid: ValidationErrors } | { failure: unknown } =>
  isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0 ? { invalid: error.errors } : { failure: error };

/**
 * One form's send: `check` first (nothing is sent while it finds problems), then `send`. `$busy`
 * stays true after a success, as the pages these forms send from are left at once; a second
 * submit while busy resolves null and sends nothing.
 */
export function createSubmit<Input, Answer>(check: (input: Input) => ValidationErrors, send: (input: Input) => Promise<Answer>) {
  const $busy = atom(false);
  const submit = async (input: Input): Promise<SubmitOutcome<Answer> | null> => {
    if ($busy.get()) return null;
    const problems = check(input);
    if (Object.keys(problems).length > 0) return { invalid: problems };
    $busy.set(true);
    try {
      return { sent: await send(input) };
    } catch (error) {
      $busy.set(false);
      return outcomeOfFailure(error);
    }
  };
  return { $busy, submit };
}

/** A picture that did not get there (anything but a 422) says so beside itself, with 다시 시도. */
export type PictureOutcome<Answer> = SubmitOutcome<Answer> | { pictureFailure: unknown };

export const outcomeWithPicture = (error: unknown, withPicture: boolean): PictureOutcome<never> =>
  withPicture && !(isApiError(error) && error.status === 422) ? { pictureFailure: error } : outcomeOfFailure(error);
