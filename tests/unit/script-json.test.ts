import { describe, expect, it } from 'vitest';
import { scriptJson } from '../../src/lib/script-json.ts';

describe('scriptJson', () => {
  it('leaves nothing that could end the script element or a line, and reads back the same', () => {
    const value = [{ content: '</script><script>alert(1)</script><!-- --> a>b \u2028\u2029 "따옴표" \\ 끝' }];
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('is plain JSON where there is nothing to escape', () => {
    expect(scriptJson({ id: 1, name: '방멤버' })).toBe('{"id":1,"name":"방멤버"}');
  });
});
