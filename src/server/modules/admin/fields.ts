import { z } from 'zod';

/** Whether the last syllable ends in a consonant (받침), which picks the particle: 본문을, 제목은. */
const endsInConsonant = (word: string): boolean => {
  const code = word.charCodeAt(word.length - 1) - 0xac00;
  return code >= 0 && code <= 11171 && code % 28 !== 0;
};

export const objectOf = (word: string): string => `${word}${endsInConsonant(word) ? '을' : '를'}`;
export const topicOf = (word: string): string => `${word}${endsInConsonant(word) ? '은' : '는'}`;
export const subjectOf = (word: string): string => `${word}${endsInConsonant(word) ? '이' : '가'}`;

/** The console's rich text: at most 200,000 characters of HTML, sanitised by the resource before it is stored. */
export const richTextField = (label: string) =>
  z
    .string({ error: `${objectOf(label)} 입력해 주세요.` })
    .min(1, `${objectOf(label)} 입력해 주세요.`)
    .max(200_000, `${subjectOf(label)} 너무 길어요.`);

/**
 * An optional moment: an ISO 8601 time, or null / '' for none. Undefined (absent) leaves the stored
 * value as it is on an update.
 */
export const optionalTime = (label: string) =>
  z
    .union([z.literal(''), z.null(), z.iso.datetime({ offset: true, error: `${topicOf(label)} 날짜와 시각이어야 해요.` })])
    .transform((value) => (value ? new Date(value) : null))
    .optional();
