import { z } from 'zod';
import { objectOf, subjectOf, topicOf } from './fields.ts';

/** A line of text the console requires: trimmed, not empty, at most `max` characters. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${objectOf(label)} 입력해 주세요.` })
    .trim()
    .min(1, `${objectOf(label)} 입력해 주세요.`)
    .max(max, `${topicOf(label)} ${max}자까지 쓸 수 있어요.`);

/** Text that may be left empty: '' and null store null. */
export const optionalText = (label: string, max = 200) =>
  z
    .union([z.null(), z.string({ error: `${topicOf(label)} 글자여야 해요.` }).trim().max(max, `${topicOf(label)} ${max}자까지 쓸 수 있어요.`)])
    .transform((value) => (value ? value : null))
    .optional();

/** A whole number between `min` and `max`, with its bounds said in Korean. */
export const wholeNumber = (label: string, min: number, max: number, unit = '') =>
  z
    .number({ error: `${topicOf(label)} 숫자여야 해요.` })
    .int(`${topicOf(label)} 정수여야 해요.`)
    .min(min, `${topicOf(label)} ${min.toLocaleString('ko-KR')}${unit} 이상이어야 해요.`)
    .max(max, `${topicOf(label)} ${max.toLocaleString('ko-KR')}${unit} 이하여야 해요.`);

/** A required moment: an ISO 8601 time with its offset. */
export const requiredTime = (label: string) =>
  z
    .iso.datetime({ offset: true, error: `${topicOf(label)} 날짜와 시각이어야 해요.` })
    .transform((value) => new Date(value));

/** The id of another row (its existence is checked by the resource, in its transaction). */
export const referenceId = (label: string) => z.number({ error: `${objectOf(label)} 골라 주세요.` }).int(`${objectOf(label)} 골라 주세요.`).positive(`${objectOf(label)} 골라 주세요.`);

export const optionalReferenceId = (label: string) => z.union([z.null(), referenceId(label)]).optional();

export const flag = (label: string) => z.boolean({ error: `${topicOf(label)} 참이나 거짓이어야 해요.` });

/** An image's address: an absolute https URL or a path on this site (what uploads answer). */
export const imageUrl = (label: string) =>
  requiredText(label, 2000).refine((value) => /^(https?:\/\/|\/)[^\s]*$/.test(value), `${subjectOf(label)} 올바른 주소가 아니에요.`);

/** Only the keys present in the input: absent fields leave the stored value as it is on an update. */
export function presentValues<T extends Record<string, unknown>>(input: T, columns: { [K in keyof T]?: string }): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    if (column && input[key] !== undefined) values[column as string] = input[key];
  }
  return values;
}
