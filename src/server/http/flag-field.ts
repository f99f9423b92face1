import { z } from 'zod';

const YES = new Set(['true', '1', 'on']);
// An unchecked box sends nothing, or an empty value from some form libraries.
const NO = new Set(['false', '0', '']);

export const FLAG_MESSAGE = '예 또는 아니요로 보내 주세요.';

/**
 * One rule for a yes/no field, whatever the body: JSON's true/false (or 1/0), and form text true,
 * false, 1, 0 or a checkbox's "on". Absent is no. Anything else ("yes", "maybe", 2) is refused
 * with `message`, so that no route quietly reads a typo as either answer.
 */
export const flagField = (message = FLAG_MESSAGE) =>
  z
    .unknown()
    .default(false)
    .transform((value, ctx) => {
      if (value === true || value === false) return value;
      if (value === 1 || value === 0) return value === 1;
      const text = typeof value === 'string' ? value.trim().toLowerCase() : null;
      if (text !== null && YES.has(text)) return true;
      if (text !== null && NO.has(text)) return false;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** A box that must be ticked (the terms): the same rule, and only yes passes. */
export const acceptedField = (message: string) => flagField(message).refine((value) => value, message);
