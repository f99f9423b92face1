import { z } from 'zod';
import { flagField } from '../../http/flag-field.ts';
import { idField } from '../../http/route-id.ts';
import { COMMENT_CONTENT_MAX, COMMENT_MESSAGES } from '../../../lib/comment-rules.ts';

export { COMMENT_CONTENT_MAX, COMMENT_MESSAGES };

/** The text of a deleted comment that still holds replies. */


// Plain text: carriage returns are dropped (a textarea sends CRLF), surrounding blanks trimmed.
const content = z
  .string({ error: COMMENT_MESSAGES.content })
  .transform((value) => value.replace(/\r/g, '').trim())
  .pipe(z.string().min(1, COMMENT_MESSAGES.content).max(COMMENT_CONTENT_MAX, COMMENT_MESSAGES.contentTooLong));

export const commentCreateInput = z.object({
  model_type: z.string({ error: COMMENT_MESSAGES.modelType }),
  model_id: idField(COMMENT_MESSAGES.modelId),
  content,
  parent_id: z.preprocess((value) => (value === '' || value === null ? undefined : value), idField(COMMENT_MESSAGES.parentMissing).optional()),
  is_anonymous: flagField(),
});

export const commentUpdateInput = z.object({ content });
