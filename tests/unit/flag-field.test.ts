import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FLAG_MESSAGE, acceptedField, flagField } from '../../src/server/http/flag-field.ts';

const form = z.object({ flag: flagField(), terms: acceptedField('약관에 동의해 주세요.').optional() });
const flagOf = (value: unknown) => form.safeParse(value === undefined ? {} : { flag: value });

describe('one rule for yes/no fields, in JSON, urlencoded and multipart alike', () => {
  it('reads true, 1, on as yes and false, 0, empty or absent as no', () => {
    for (const yes of [true, 1, 'true', 'TRUE', '1', 'on', ' on ']) expect(flagOf(yes).data?.flag, String(yes)).toBe(true);
    for (const no of [false, 0, 'false', '0', '', undefined]) expect(flagOf(no).data?.flag, String(no)).toBe(false);
  });

  it('refuses anything else with one message, rather than reading it as either answer', () => {
    for (const other of ['yes', 'no', 'y', 'maybe', 2, -1, null, [], {}, 'true1']) {
      const result = flagOf(other);
      expect(result.success, JSON.stringify(other)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(FLAG_MESSAGE);
    }
  });

  it('takes only yes for a box that must be ticked', () => {
    expect(form.safeParse({ terms: 'on' }).data?.terms).toBe(true);
    for (const value of [false, '0', '']) expect(form.safeParse({ terms: value }).error?.issues[0]?.message).toBe('약관에 동의해 주세요.');
  });
});
