import fc from 'fast-check';
import { z } from 'zod';

/**
 * Inputs that have broken servers before: NUL and lone surrogates (Postgres refuses the first and
 * silently mangles the second), numbers past int4 or not whole, impossible dates, absurd lengths,
 * and text that only looks like markup, SQL or a path.
 */
export const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff',
  '\u202e역방향',
  '🙂',
  '０１２',
  '0',
  '-1',
  '1.5',
  '1e20',
  '2147483648',
  '-2147483649',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '2026-13-45T25:61:61.000000Z',
  '0000-00-00T00:00:00.000000Z',
  '294277-01-01T00:00:00.000000Z',
  "' or 1=1 --",
  // Names every object inherits: a lookup by the client's word must not find Object.prototype's.
  'toString',
  '__proto__',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'x'.repeat(70_000),
] as const;

/** The same hostility for JSON bodies: any type where a string, number or flag is expected. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.constantFrom(null, true, false, 0, -0, -1, 1.5, 1e20, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 2, 1e308),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.constantFrom('1', 1, '\u0000', null, { a: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', '\u0000', '__proto__', 'constructor'), fc.constantFrom('\u0000', 1, null, '\ud800'), { maxKeys: 3 }),
  fc.constant(nested(200)),
);

/** Text for query strings, urlencoded and multipart fields. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 40 }));

/** One of each kind, for the sweep that tries every field with every kind. */
export const HOSTILE_VALUES: readonly unknown[] = [
  'toString',
  '__proto__',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '',
  1.5,
  1e20,
  2147483648,
  -1,
  '1e20',
  '2147483648',
  '2026-13-45T25:61:61.000000Z',
  'x'.repeat(70_000),
  null,
  true,
  [],
  ['\u0000'],
  { '\u0000': '\u0000' },
  nested(200),
];

/** Path segments, already percent-encoded the way a client could send them. */
export const HOSTILE_SEGMENTS = [
  '0',
    '-1',
    '1.5',
    '1e20',
    '2147483648',
    '99999999999999999999',
    'abc',
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%FF',
    '%E0%A4%A',
    '%F0%9F%99%82',
    '%2e%2e',
    '%2F',
    '..',
    'x'.repeat(3000),
    '%20',
] as const;

export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_SEGMENTS),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
);

function nested(depth: number, wrap: (inner: unknown) => unknown = (inner) => ({ a: inner })): unknown {
  let value: unknown = '\u0000';
  for (let level = 0; level < depth; level += 1) value = wrap(value);
  return value;
}

/**
 * Whole JSON bodies nested past any depth the API reads, as text (JSON.stringify itself runs out
 * of stack on the deepest): each answers 422 before anything walks it.
 */
const deepJson = (depth: number, open: string, close: string): string => `{"content":${open.repeat(depth)}0${close.repeat(depth)}}`;
export const DEEP_BODIES: Record<string, string> = {
  'an object nested 5,000 deep': deepJson(5000, '{"a":', '}'),
  'an array nested 5,000 deep': deepJson(5000, '[', ']'),
  'objects and arrays nested 130 deep': deepJson(65, '[{"a":', '}]'),
  'one level past the limit of 64': deepJson(64, '{"a":', '}'),
  'brackets in text do not count': `{"content":"${'['.repeat(100)}","nested":${deepJson(70, '{"a":', '}')}}`,
};

/** The top-level field names of a zod schema, through optional, default, pipe and union wrappers. */
export function schemaKeys(schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (!(schema instanceof z.ZodType) || depth > 8) return out;
  if (schema instanceof z.ZodObject) {
    for (const key of Object.keys(schema.shape)) out.add(key);
    return out;
  }
  const def = schema.def as { in?: unknown; out?: unknown; innerType?: unknown; schema?: unknown; options?: unknown[] };
  for (const inner of [def.in, def.out, def.innerType, def.schema, ...(def.options ?? [])]) schemaKeys(inner, out, depth + 1);
  return out;
}

/** Every field name of every zod schema that a module of the server exports. */
export function fieldNamesOf(modules: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  for (const exports of Object.values(modules)) {
    for (const value of Object.values(exports as Record<string, unknown>)) schemaKeys(value, names);
  }
  return names;
}

/** `/api/x/:id/y` with each parameter (and a trailing `*`) replaced. */
export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => value(name)).replace(/\*$/, () => value('*'));
}

export const pathParams = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!).concat(path.endsWith('*') ? ['*'] : []);
