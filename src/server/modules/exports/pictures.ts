import type { FileStorage } from '../../adapters/storage/storage.ts';
import { isPrivateKey } from '../../adapters/storage/storage.ts';

const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]*)(")/gi;

const decodeAttribute = (value: string): string => value.replace(/&amp;/g, '&');

/**
 * The pictures the member's content names, by their place in the ZIP (`images/` and the storage
 * key, so two never meet). Only files of our own storage are taken; a picture from elsewhere stays
 * a link. The set holds keys only: a few hundred short strings.
 */
export class PictureSet {
  readonly #storage: FileStorage;
  readonly #keys = new Set<string>();

  constructor(storage: FileStorage) {
    this.#storage = storage;
  }

  /** The picture's path inside the ZIP, noting it to be copied; null for a URL that is not ours. */
  pathOf(url: string | null): string | null {
    if (!url) return null;
    const key = this.#storage.keyOf(url);
    if (key === null || isPrivateKey(key)) return null;
    this.#keys.add(key);
    return `images/${key}`;
  }

  /** Notes every picture an HTML body shows. */
  noteAll(html: string): void {
    for (const match of html.matchAll(IMG_SRC)) this.pathOf(decodeAttribute(match[2]!));
  }

  /** The HTML with each of our pictures pointing into the ZIP, from a page `prefix` deep (`''` or `'../'`). */
  rewrite(html: string, prefix: string): string {
    return html.replace(IMG_SRC, (whole, before: string, src: string, after: string) => {
      const path = this.pathOf(decodeAttribute(src));
      return path ? `${before}${prefix}${path}${after}` : whole;
    });
  }

  get size(): number {
    return this.#keys.size;
  }

  keys(): IterableIterator<string> {
    return this.#keys.values();
  }
}
