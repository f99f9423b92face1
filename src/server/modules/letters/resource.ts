import type { LetterData, LetterState } from '../../../lib/letters.ts';
import type { RitualSession, RitualSessionLetter } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';

export function letterState(
  letter: Pick<RitualSessionLetter, 'deliveredAt'>,
  session: Pick<RitualSession, 'endsAt'>,
  now: Date,
): LetterState {
  if (letter.deliveredAt) return 'delivered';
  return session.endsAt.getTime() > now.getTime() ? 'writing' : 'waiting';
}

/** The letter for its author, the only one who reads it. */
export function letterResource(letter: RitualSessionLetter, session: RitualSession, now: Date): LetterData {
  const state = letterState(letter, session, now);
  return {
    id: letter.id,
    ritual_session_id: letter.ritualSessionId,
    content: letter.content,
    state,
    editable: state === 'writing',
    deliver_at: apiTime(session.endsAt),
    delivered_at: apiTime(letter.deliveredAt),
    created_at: apiTime(letter.createdAt),
    updated_at: apiTime(letter.updatedAt),
  };
}
