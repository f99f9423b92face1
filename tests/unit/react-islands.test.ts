import { createElement, useId } from 'react';
import type { SSRResult } from 'astro';
import { describe, expect, it } from 'vitest';
import config from '../../astro.config.ts';
import renderer from '../../src/server/react-islands.ts';

function NameField({ label }: { label: string }) {
  const id = useId();
  return createElement('p', null, createElement('label', { htmlFor: id }, label), createElement('input', { id }));
}

// Passes on whatever it is given, as a wrapper of an element would.
function Banner(props: Record<string, unknown>) {
  return createElement('img', { alt: '', fetchPriority: 'high', ...props });
}

const page = () => ({ result: {} as SSRResult });

describe('the islands renderer', () => {
  it('claims every function component, ahead of @astrojs/react, which would render it to find out', async () => {
    const names = (config.integrations ?? []).flat().map((integration) => (integration ? integration.name : null));
    expect(names.indexOf('react-islands')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('react-islands')).toBeLessThan(names.indexOf('@astrojs/react'));
    expect(await renderer.check(NameField)).toBe(true);
    expect(await renderer.check('<b>')).toBe(false);
  });

  it('gives each island of a page a useId prefix of its own, and tells its hydration which', async () => {
    const context = page();
    const first = await renderer.renderToStaticMarkup.call(context, NameField, { label: '이름' }, {});
    const second = await renderer.renderToStaticMarkup.call(context, NameField, { label: '이름' }, {});
    expect(first.attrs.prefix).not.toBe(second.attrs.prefix);
    for (const { html, attrs } of [first, second]) {
      const [, forId] = /for="([^"]+)"/.exec(html) ?? [];
      expect(forId).toContain(attrs.prefix);
      expect(html).toContain(`id="${forId}"`);
    }
    // Another page counts from its own start.
    expect((await renderer.renderToStaticMarkup.call(page(), NameField, { label: '이름' }, {})).attrs.prefix).toBe(first.attrs.prefix);
  });

  it("leaves out Astro's class prop and the resource links React hoists", async () => {
    const { html } = await renderer.renderToStaticMarkup.call(page(), Banner, { src: '/banner.png', class: 'astro-x' }, {});
    expect(html).toBe('<img alt="" fetchPriority="high" src="/banner.png"/>');
  });

  it('refuses children, which it has no way to render', async () => {
    await expect(renderer.renderToStaticMarkup.call(page(), NameField, { label: '이름' }, { default: '<b>x</b>' })).rejects.toThrow(/no children/);
  });

  it('renders an island anew every time: its markup may read the clock', async () => {
    let renders = 0;
    function Clock() {
      renders += 1;
      return createElement('time', null, String(renders));
    }
    const first = await renderer.renderToStaticMarkup.call(page(), Clock, {}, {});
    const second = await renderer.renderToStaticMarkup.call(page(), Clock, {}, {});
    expect([first.html, second.html]).toEqual(['<time>1</time>', '<time>2</time>']);
  });
});
