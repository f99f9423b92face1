import { createRoot } from 'react-dom/client';
import { NotificationList } from './NotificationList.tsx';

/**
 * The 알림함 dropdown's list (src/components/header/bell.ts). The bell itself is no island; React and
 * the list load the first time the dropdown is wanted, and each opening mounts a new list, which
 * asks for its first page.
 */
export function mountBellList(container: HTMLElement, { label, onFollow }: { label: string; onFollow: () => void }): () => void {
  const root = createRoot(container);
  root.render(<NotificationList label={label} onFollow={onFollow} />);
  return () => root.unmount();
}
