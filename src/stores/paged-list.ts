import { atom, computed } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import { createFetcherStore } from './query.ts';

/** A page of a cursor-paged API list (API-CONVENTIONS.md). */
interface CursorPage<Item> {
  data: Item[];
  meta: { next_cursor: string | null };
}

interface PagedListView<Item> {
  items: Item[];
  /** The cursor of the page after those shown; null at the end. */
  next: string | null;
  /** A first page is shown: a list may start empty and ask for it. */
  started: boolean;
  loading: boolean;
  error: unknown;
}

interface PagedListOptions<Item> {
  path: string;
  query?: Record<string, string>;
  /** What the server rendered: the first page and the cursor after it. */
  initial?: { items: Item[]; next: string | null };
}

interface Page<Item> {
  key: string;
  items: Item[];
}

// A page may repeat items of the one before after a reload: each is shown once.
const joined = <Item extends { id: number }>(pages: Page<Item>[]): Item[] => {
  const shown = new Map<number, Item>();
  for (const item of pages.flatMap((page) => page.items)) if (!shown.has(item.id)) shown.set(item.id, item);
  return [...shown.values()];
};

/**
 * A list read a page at a time through the query context, for one island: it starts from the
 * server-rendered page (or asks for the first one) and keeps every page it has shown. Pages are
 * not revalidated on focus: a new first page would leave a gap before the pages kept after it.
 * A failed page is asked again on the context's retry rule, or at once by `retry`.
 */
export function createPagedList<Item extends { id: number }>({ path, query = {}, initial }: PagedListOptions<Item>) {
  // The query string of the page asked for; null before any.
  const $asked = atom<string | null>(null);
  const $page = createFetcherStore<CursorPage<Item>>([path, $asked], { revalidateOnFocus: false });
  const $pages = atom<Page<Item>[]>(initial ? [{ key: 'initial', items: initial.items }] : []);
  const $next = atom(initial ? initial.next : null);
  const $status = atom<{ loading: boolean; error: unknown }>({ loading: false, error: undefined });

  const $view: ReadableAtom<PagedListView<Item>> = computed([$pages, $next, $status], (pages, next, status) => ({
    items: joined(pages),
    next,
    started: pages.length > 0,
    ...status,
  }));

  const ask = (cursor: string | null): void => {
    const params = new URLSearchParams(cursor === null ? query : { ...query, cursor }).toString();
    $asked.set(params === '' ? '' : `?${params}`);
  };

  const receive = ({ data, error, loading }: { data?: CursorPage<Item>; error?: unknown; loading: boolean }): void => {
    $status.set({ loading, error });
    const key = $page.key;
    if (loading || !data || key === undefined) return;
    const pages = $pages.get();
    const index = pages.findIndex((page) => page.key === key);
    const page = { key, items: data.data };
    $pages.set(index === -1 ? [...pages, page] : pages.map((each, at) => (at === index ? page : each)));
    $next.set(data.meta.next_cursor);
  };

  return {
    $view,
    /** Listens for pages while the island is mounted; returns the function that stops. */
    start: (): (() => void) => $page.subscribe(receive),
    loadFirst: (): void => ask(null),
    /** The page after those shown, unless one is on its way, the last failed, or there is none. */
    loadMore: (): void => {
      const { loading, error } = $status.get();
      const next = $next.get();
      if (!loading && error === undefined && next !== null) ask(next);
    },
    retry: (): void => $page.revalidate(),
    /** Changes what is shown, such as marking an item read. */
    update: (change: (items: Item[]) => Item[]): void => $pages.set($pages.get().map((page) => ({ ...page, items: change(page.items) }))),
  };
}
