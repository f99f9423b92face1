import type { z } from 'zod';

/**
 * What a route's schema hands its handler, which is what a client sends: flags as booleans, ids
 * as numbers. (The schemas' inputs are `unknown` where they also read form text.)
 */
export type Body<Schema extends z.ZodType> = z.output<Schema>;

/** The API's envelope (API-CONVENTIONS.md). */
export interface Answer<T> {
  data: T;
}

type Part = string | number | boolean | Blob;
export type MultipartFields = Record<string, Part | readonly Part[] | null | undefined>;

const text = (value: Part): string | Blob => (typeof value === 'boolean' ? (value ? '1' : '0') : typeof value === 'number' ? String(value) : value);

/**
 * A multipart body from typed fields: a yes/no as 1 or 0, a list as `name[]` once per item, an
 * absent field not at all (for an update, absent means "keep").
 */
export function multipart(fields: MultipartFields): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly Part[]) body.append(`${name}[]`, text(item));
    else body.append(name, text(value as Part));
  }
  return body;
}
