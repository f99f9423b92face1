import { createRoot } from 'react-dom/client';
import { ModalHost } from './ModalHost.tsx';

/**
 * Mounts the one modal host at the end of the page. It is not an island of the layout: most
 * visits open no modal, so its script is fetched when the first one is asked for
 * (src/components/ModalLoader.astro), not on every member's page.
 */
export function mountModalHost(): void {
  const container = document.createElement('div');
  container.dataset['modalHost'] = '';
  document.body.append(container);
  createRoot(container).render(<ModalHost />);
}
