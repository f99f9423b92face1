import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import type { createRoomMentionables, MentionCandidate } from '../../stores/room-mentionables.ts';

export type RoomMentionables = ReturnType<typeof createRoomMentionables>;

const NO_CANDIDATES = atom<MentionCandidate[]>([]);

// The word being typed after an @, up to the caret: the members whose nickname it begins.
const TYPED_MENTION = /(?:^|\s)@([^\s@]*)$/;
const SHOWN_MAX = 20;

/**
 * The @ suggestions of a room's comment box: while an @word is being typed, the room's members
 * whose nickname starts with it; arrows move, Enter or Tab takes one, Escape closes. Picking
 * writes `@nickname ` in place of the word, which is what the server looks for. The members are
 * asked for when the box is first focused (`want`), and an @word typed before they arrive is
 * matched once they do.
 */
export function useMentions(
  mentionables: RoomMentionables | undefined,
  content: string,
  setContent: (value: string) => void,
  input: RefObject<HTMLTextAreaElement | null>,
) {
  const [query, setQuery] = useState<{ text: string; start: number } | null>(null);
  const [active, setActive] = useState(0);
  const candidates = useStore(mentionables?.$candidates ?? NO_CANDIDATES);

  const matches =
    query
      ? candidates.filter((member) => member.nickname.toLowerCase().startsWith(query.text.toLowerCase())).slice(0, SHOWN_MAX)
      : [];

  /** Reads the word at the caret after each change or caret move. */
  const track = (value: string, caret: number) => {
    if (!mentionables) return;
    // Text typed before the island woke came without a focus event.
    mentionables.want();
    const typed = TYPED_MENTION.exec(value.slice(0, caret));
    setQuery(typed ? { text: typed[1]!, start: caret - typed[1]!.length - 1 } : null);
    setActive(0);
  };

  const pick = (member: MentionCandidate) => {
    if (!query) return;
    const end = query.start + 1 + query.text.length;
    const inserted = `@${member.nickname} `;
    setContent(`${content.slice(0, query.start)}${inserted}${content.slice(end)}`);
    setQuery(null);
    const caret = query.start + inserted.length;
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(caret, caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(matches[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setQuery(null);
    }
  };

  return { matches, active, track, pick, onKeyDown, want: mentionables?.want, open: matches.length > 0 };
}
