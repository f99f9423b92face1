import { UNSAFE_URL, elementsOf, urlAsRead } from './xss.ts';
import type { ParsedElement } from './xss.ts';

// What the stored-XSS page tests (tests/process/*-xss-pages.test.ts) look for in the HTML the built
// server renders: anything that could run script that the same page for a harmless text lacks.

// Elements a payload must never add to a page: whatever the page has of them is the site's own.
const GUARDED_TAGS = ['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'base', 'link', 'meta', 'form', 'frame', 'frameset', 'template', 'noscript', 'input', 'textarea', 'button', 'select', 'video', 'audio', 'source'];

const tagCounts = (elements: ParsedElement[]) =>
  Object.fromEntries(GUARDED_TAGS.map((tag) => [tag, elements.filter((element) => element.tag === tag).length]));

/** What in `page` could run script that the same page for a harmless post (`baseline`) does not have. */
export function injected(page: string, baseline: string): string[] {
  const problems: string[] = [];
  const elements = elementsOf(page);
  const own = elementsOf(baseline);
  const expected = tagCounts(own);
  // The site's own handlers (an avatar's fallback picture) are known by their exact code.
  const ownHandlers = new Set(own.flatMap(({ attribs }) => Object.entries(attribs).map(([name, value]) => `${name.toLowerCase()}=${value}`)));
  // Fewer is the page's own doing (a post with a picture shares it in place of the site's).
  for (const [tag, count] of Object.entries(tagCounts(elements))) if (count > expected[tag]!) problems.push(`${count} <${tag}> (the page has ${expected[tag]})`);
  // A JSON-LD block that a title could close would start a script of its own: every one must parse.
  for (const [, json] of page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    try {
      JSON.parse(json!);
    } catch {
      problems.push(`JSON-LD that does not parse: ${json!.slice(0, 80)}`);
    }
  }
  for (const { tag, attribs } of elements) {
    for (const [name, value] of Object.entries(attribs)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') && !ownHandlers.has(`${lower}=${value}`)) problems.push(`${tag}[${name}=${value}]`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset'].includes(lower) && UNSAFE_URL.test(urlAsRead(value))) problems.push(`${tag}[${name}=${value}]`);
    }
  }
  return problems;
}
