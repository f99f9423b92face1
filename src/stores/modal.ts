import { atom } from 'nanostores';
import { MODAL_OPEN_EVENT } from '../lib/modal-events.ts';

// The one global modal (SPEC §4): the store says what is shown, ModalHost only renders it.
// Promises are settled from a module-level map, so the atom holds plain data only.

export type ModalTone = 'default' | 'danger';

export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: ModalTone;
}

export interface AlertOptions {
  title: string;
  message?: string;
  confirmLabel?: string;
}

export interface InputOptions {
  title: string;
  label: string;
  placeholder?: string;
  initialValue?: string;
  multiline?: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
  requiredMessage?: string;
  /** Kept as typed for this member at this place, and offered back when the modal opens again. */
  draft?: ModalDraft;
}

/** Where an input modal's text is kept as a draft (see stores/drafts.ts). */
export interface ModalDraft {
  owner: number;
  place: string;
}

/** A member in a users-list modal (who reacted, who read): `href` is where their name leads, if anywhere. */
export interface ModalUser {
  id: number;
  nickname: string;
  profileImage: string | null;
  href: string | null;
  /** A short note after the name, e.g. the reaction's text. */
  note?: string;
}

export interface UsersListOptions {
  title: string;
  users: ModalUser[];
  emptyMessage: string;
  closeLabel?: string;
}

export type ModalSpec =
  | { kind: 'confirm'; title: string; message?: string; confirmLabel: string; cancelLabel: string; tone: ModalTone }
  | { kind: 'alert'; title: string; message?: string; confirmLabel: string }
  | { kind: 'users-list'; title: string; users: ModalUser[]; emptyMessage: string; confirmLabel: string }
  | {
      kind: 'input';
      title: string;
      label: string;
      placeholder?: string;
      initialValue: string;
      multiline: boolean;
      confirmLabel: string;
      cancelLabel: string;
      requiredMessage: string;
      draft?: ModalDraft;
      /** Set when confirming an empty field; the modal stays open. */
      error?: string;
    };

export type ModalState = ModalSpec & { id: number };

/** How a modal ended: `value` is the trimmed text of an input modal. */
export type ModalOutcome = { confirmed: false } | { confirmed: true; value?: string };

export const CONFIRM_LABEL = '확인';
export const CANCEL_LABEL = '취소';
export const REQUIRED_MESSAGE = '내용을 입력해 주세요.';

const CANCELLED: ModalOutcome = { confirmed: false };

export const $modal = atom<ModalState | null>(null);

const resolvers = new Map<number, (outcome: ModalOutcome) => void>();
let lastId = 0;

function settle(id: number, outcome: ModalOutcome): void {
  const resolve = resolvers.get(id);
  resolvers.delete(id);
  if ($modal.get()?.id === id) $modal.set(null);
  resolve?.(outcome);
}

/** Shows a modal, closing (as cancelled) the one already shown: there is only ever one. */
export function openModal(spec: ModalSpec): Promise<ModalOutcome> {
  // Server modules are shared by every request, so the server never writes this store.
  if (typeof window === 'undefined') return Promise.resolve(CANCELLED);
  closeModal();
  const id = ++lastId;
  return new Promise((resolve) => {
    resolvers.set(id, resolve);
    $modal.set({ ...spec, id });
    // The host loads on the first modal (src/components/ModalLoader.astro).
    browserDocument()?.dispatchEvent(new Event(MODAL_OPEN_EVENT));
  });
}

/** Closes whatever is open, as cancelled. */
export function closeModal(): void {
  const current = $modal.get();
  if (current) settle(current.id, CANCELLED);
}

/** The person chose 취소, pressed Escape or clicked the backdrop. */
export function cancelModal(): void {
  closeModal();
}

/**
 * The person chose 확인. An input modal refuses an empty (or blank) value: it stays open with its
 * required message. Returns whether the modal closed.
 */
export function submitModal(value?: string): boolean {
  const current = $modal.get();
  if (!current) return false;
  if (current.kind !== 'input') {
    settle(current.id, { confirmed: true });
    return true;
  }
  const text = (value ?? '').trim();
  if (!text) {
    $modal.set({ ...current, error: current.requiredMessage });
    return false;
  }
  settle(current.id, { confirmed: true, value: text });
  return true;
}

/** Hides the required message once the person types again. */
export function clearModalError(): void {
  const current = $modal.get();
  if (current?.kind === 'input' && current.error) $modal.set({ ...current, error: undefined });
}

export async function confirmModal(options: ConfirmOptions): Promise<boolean> {
  const outcome = await openModal({
    kind: 'confirm',
    title: options.title,
    message: options.message,
    confirmLabel: options.confirmLabel ?? CONFIRM_LABEL,
    cancelLabel: options.cancelLabel ?? CANCEL_LABEL,
    tone: options.tone ?? 'default',
  });
  return outcome.confirmed;
}

export async function alertModal(options: AlertOptions): Promise<void> {
  await openModal({
    kind: 'alert',
    title: options.title,
    message: options.message,
    confirmLabel: options.confirmLabel ?? CONFIRM_LABEL,
  });
}

export const CLOSE_LABEL = '닫기';

/** A list of members with their pictures; resolves when closed. */
export async function usersListModal(options: UsersListOptions): Promise<void> {
  await openModal({
    kind: 'users-list',
    title: options.title,
    users: options.users,
    emptyMessage: options.emptyMessage,
    confirmLabel: options.closeLabel ?? CLOSE_LABEL,
  });
}

/** Resolves the trimmed, non-empty value, or null when cancelled. */
export async function inputModal(options: InputOptions): Promise<string | null> {
  const outcome = await openModal({
    kind: 'input',
    title: options.title,
    label: options.label,
    placeholder: options.placeholder,
    initialValue: options.initialValue ?? '',
    multiline: options.multiline ?? false,
    confirmLabel: options.confirmLabel ?? CONFIRM_LABEL,
    cancelLabel: options.cancelLabel ?? CANCEL_LABEL,
    requiredMessage: options.requiredMessage ?? REQUIRED_MESSAGE,
    ...(options.draft ? { draft: options.draft } : {}),
  });
  return outcome.confirmed ? (outcome.value ?? null) : null;
}

const browserWindow = (): EventTarget | undefined => (typeof window === 'undefined' ? undefined : window);
const browserDocument = (): EventTarget | undefined => (typeof document === 'undefined' ? undefined : document);

// Both installers are idempotent per target: a second host (or React's double effects in
// development) must not open every bridged modal twice, the second closing the first.
function installOnce(
  installed: WeakMap<EventTarget, () => void>,
  target: EventTarget | undefined,
  listeners: Record<string, (event: Event) => void>,
): () => void {
  if (!target) return () => undefined;
  const existing = installed.get(target);
  if (existing) return existing;
  for (const [type, listener] of Object.entries(listeners)) target.addEventListener(type, listener);
  const uninstall = (): void => {
    if (installed.get(target) !== uninstall) return;
    installed.delete(target);
    for (const [type, listener] of Object.entries(listeners)) target.removeEventListener(type, listener);
  };
  installed.set(target, uninstall);
  return uninstall;
}

const routeResets = new WeakMap<EventTarget, () => void>();

/**
 * Closes the modal on every route change (SPEC §4): leaving the page (also into the back/forward
 * cache), coming back from that cache, history and hash moves, and Astro's client router.
 */
export function installModalRouteReset(target: EventTarget | undefined = browserWindow()): () => void {
  return installOnce(routeResets, target, {
    pagehide: closeModal,
    pageshow: (event) => {
      // A fresh load has no modal; only a page restored from the cache may still show one.
      if ((event as Event & { persisted?: boolean }).persisted) closeModal();
    },
    popstate: closeModal,
    hashchange: closeModal,
    'astro:before-swap': closeModal,
  });
}

/** What a server-rendered script puts in the event's detail; `respond` receives the result. */
export type ModalBridgeDetail<Options, Result> = Options & { respond?: (result: Result) => void };

export interface ModalBridgeEvents {
  'modal:confirm': ModalBridgeDetail<ConfirmOptions, boolean>;
  'modal:alert': ModalBridgeDetail<AlertOptions, void>;
  'modal:input': ModalBridgeDetail<InputOptions, string | null>;
}

const bridges = new WeakMap<EventTarget, () => void>();

function bridged<Options extends { title: string }, Result>(
  open: (options: Options) => Promise<Result>,
  isValid: (detail: Record<string, unknown>) => boolean,
): (event: Event) => void {
  return (event) => {
    const detail: unknown = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'object' || detail === null) return;
    const fields = detail as Record<string, unknown>;
    if (typeof fields.title !== 'string' || !isValid(fields)) return;
    // Lets the script know a host answered (dispatchEvent returns false for a cancelable event).
    event.preventDefault();
    const { respond, ...options } = detail as ModalBridgeDetail<Options, Result>;
    void open(options as Options).then((result) => respond?.(result));
  };
}

/**
 * Lets server-rendered scripts use the same modal:
 * `document.dispatchEvent(new CustomEvent('modal:confirm', { cancelable: true, detail: { title, respond } }))`.
 */
export function installModalEventBridge(target: EventTarget | undefined = browserDocument()): () => void {
  return installOnce(bridges, target, {
    'modal:confirm': bridged(confirmModal, () => true),
    'modal:alert': bridged(alertModal, () => true),
    'modal:input': bridged(inputModal, (fields) => typeof fields.label === 'string'),
  });
}
