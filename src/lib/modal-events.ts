/** Dispatched on `document` when a modal is asked for, so that its host can load (ModalLoader.astro). */
export const MODAL_OPEN_EVENT = 'modal:open';

/** What server-rendered scripts dispatch to use the one modal (src/stores/modal.ts). */
export const BRIDGED_MODAL_EVENTS = ['modal:confirm', 'modal:alert', 'modal:input'] as const;
