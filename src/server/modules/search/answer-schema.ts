import { z } from 'zod';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import { squarePostItemAnswer } from '../square/answer-schema.ts';
import { productItemAnswer } from '../store/answer-schema.ts';
import type { searchExplorer } from './service.ts';

const searchResultItemAnswer = z
  .strictObject({
    id: z.int(),
    title: z.string(),
    summary: z.string(),
    url: z.string(),
    cover_image_url: z.string(),
    cover_image_alt: z.string(),
  })
  .meta({ id: 'SearchResultItem' });

const groupOf = <K extends z.ZodType, T extends z.ZodType>(kind: K, item: T) =>
  z.strictObject({ kind, label: z.string(), total: z.int().min(0), items: z.array(item) });

/** Each group's items are the cards its own list shows, told apart by `kind`. */
export const searchResultsAnswer = z
  .strictObject({
    query: z.string(),
    status: z.enum(['ok', 'blank', 'too_short']),
    groups: z.array(
      z.discriminatedUnion('kind', [
        groupOf(z.enum(['ritual', 'program', 'off_the_record']), searchResultItemAnswer),
        groupOf(z.literal('product'), productItemAnswer),
        groupOf(z.literal('square_post'), squarePostItemAnswer),
      ]),
    ),
  })
  .meta({ id: 'SearchResults' });

export type SearchResultsAnswer = Conforms<Awaited<ReturnType<typeof searchExplorer>>, z.infer<typeof searchResultsAnswer>>;
