/**
 * /today's check-in cards (src/components/today/TodayBoard.astro): each tap goes through the today
 * store, which sends it or keeps it offline, and the cards follow the store's state: 체크인하는 중,
 * 전송 대기 중, done, or open again with the reason it was refused.
 */
import { failureMessage } from '../../islands/shared/failure-messages.ts';
import { $checkIns, $queuedRecords, checkInToday, startToday } from '../../stores/today.ts';
import type { CheckInState, RoomCheckIn, TodayRoom } from '../../stores/today.ts';

const ANSWER_TEXT = {
  created: '체크인했어요. 오늘도 해냈어요!',
  repeat: '오늘은 이미 체크인했어요. 내일 다시 만나요.',
} as const;

const STATE_TEXT: Record<CheckInState, string> = {
  open: '오늘 체크인 전',
  sending: '오늘 체크인 전',
  queued: '전송 대기 중',
  done: '오늘 체크인 완료',
};

function statusText(checkIn: RoomCheckIn | undefined): string {
  if (!checkIn) return '';
  if (checkIn.state === 'queued') return '전송 대기 중 · 연결이 돌아오면 자동으로 보낼게요.';
  if (checkIn.answer) return ANSWER_TEXT[checkIn.answer];
  return checkIn.error === undefined ? '' : failureMessage(checkIn.error);
}

interface Card {
  room: TodayRoom;
  article: HTMLElement;
  state: HTMLElement;
  openOnly: HTMLElement[];
  button: HTMLButtonElement;
  message: HTMLElement;
  queued: HTMLElement;
  write: HTMLElement;
}

// A text written again, even the same, is a new node: the page's `:has()` rules restyle from the root.
function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

function render(card: Card, checkIn: RoomCheckIn | undefined, queuedRecords: number): void {
  const state = checkIn?.state ?? (card.room.checked_in_today ? 'done' : 'open');
  const open = state === 'open' || state === 'sending';
  card.article.className = `today-card ${state}`;
  setText(card.state, STATE_TEXT[state]);
  const leaving = !open && document.activeElement === card.button;
  for (const element of card.openOnly) element.hidden = !open;
  // The button leaves once the check-in is made or queued: its focus goes on to the card's next
  // step, not back to the top of the page.
  if (leaving) card.write.focus();
  // Busy, not disabled: a focused button that turns disabled loses its focus, and Chromium
  // restyles the page inside the tap to move it. The store ignores a second tap while sending.
  card.button.ariaDisabled = state === 'sending' ? 'true' : null;
  setText(card.button, state === 'sending' ? '체크인하는 중…' : '체크인하기');
  setText(card.message, statusText(checkIn));
  card.queued.hidden = queuedRecords === 0;
  setText(card.queued, queuedRecords > 0 ? `전송 대기 중인 기록 ${queuedRecords}개 · 연결되면 자동으로 올릴게요.` : '');
}

// The chosen chip is marked; a reload may have brought back another choice than the server's.
function markChosen(article: HTMLElement): void {
  for (const input of article.querySelectorAll<HTMLInputElement>('.check-in-chip input')) input.parentElement?.classList.toggle('active', input.checked);
}

export function startTodayBoard(root: HTMLElement, userId: number, rooms: TodayRoom[]): void {
  const cards: Card[] = [];
  for (const room of rooms) {
    const article = root.querySelector<HTMLElement>(`[data-room="${room.ritual_session_id}"]`);
    const state = article?.querySelector<HTMLElement>('[data-today-state]');
    const button = article?.querySelector<HTMLButtonElement>('[data-today-check-in]');
    const message = article?.querySelector<HTMLElement>('[data-today-message]');
    const queued = article?.querySelector<HTMLElement>('[data-today-queued]');
    const write = article?.querySelector<HTMLElement>('[data-today-write]');
    if (!article || !state || !button || !message || !queued || !write) continue;
    const openOnly = [...article.querySelectorAll<HTMLElement>('[data-today-open-only]')];
    cards.push({ room, article, state, openOnly, button, message, queued, write });
    markChosen(article);
    article.addEventListener('change', () => markChosen(article));
    button.addEventListener('click', () => {
      const chosen = article.querySelector<HTMLInputElement>('.check-in-chip input:checked');
      void checkInToday(room.ritual_session_id, chosen ? { check_in_text_id: Number(chosen.value) } : {});
    });
  }
  startToday(userId, rooms);
  const update = (): void => {
    const checkIns = $checkIns.get();
    const queuedRecords = $queuedRecords.get();
    for (const card of cards) {
      const key = String(card.room.ritual_session_id);
      render(card, checkIns[key], queuedRecords[key] ?? 0);
    }
  };
  $checkIns.subscribe(update);
  $queuedRecords.subscribe(update);
  // The server's buttons wait, disabled, for this script: a tap before it would be lost.
  for (const card of cards) card.button.disabled = false;
  root.dataset['ready'] = '';
}
