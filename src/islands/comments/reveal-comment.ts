/**
 * Opening a post at a comment (`#comment-123`, where a notification about it leads). The browser
 * scrolls to the server's copy of the list as the page loads, and CSS marks it (`:target`); the
 * island then puts its own list in that one's place, whose comment is neither the target nor
 * necessarily in view. This brings the island's comment into view when it is not, and marks it
 * with a highlight that fades (comments.css `.is-linked`).
 */
import { commentAnchor, commentIdOfHash } from '../../lib/comments.ts';

const LINKED_CLASS = 'is-linked';

function inView(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return top >= 0 && bottom <= window.innerHeight;
}

/** Scrolls to and marks the comment the address names, when it is on this page. */
export function revealLinkedComment(): void {
  const id = commentIdOfHash(window.location.hash);
  const element = id === null ? null : document.getElementById(commentAnchor(id));
  if (!element) return;
  if (!inView(element)) {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }
  for (const marked of document.querySelectorAll(`.${LINKED_CLASS}`)) marked.classList.remove(LINKED_CLASS);
  element.classList.add(LINKED_CLASS);
}
