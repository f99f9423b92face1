/**
 * The letter to myself (API-CONVENTIONS.md "Rooms"): written in a room while it runs, sealed until
 * the session ends, then delivered once by notification and e-mail and shown in the room.
 */

export const LETTER_MAX_LENGTH = 2000;

/**
 * `writing`: the session runs and the letter may still change (it shows sealed); `waiting`: the
 * session is over and delivery is on its way; `delivered`: it arrived and is shown in the room.
 */
export const LETTER_STATES = ['writing', 'waiting', 'delivered'] as const;
export type LetterState = (typeof LETTER_STATES)[number];

/** Only its author ever reads a letter. */
export interface LetterData {
  id: number;
  ritual_session_id: number;
  content: string;
  state: LetterState;
  editable: boolean;
  /** When it will be (or was due to be) delivered: the session's end. */
  deliver_at: string;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export const LETTER_TEXTS = {
  saved: '편지를 봉투에 넣어 두었어요. 리추얼이 끝나는 날 배달해 드릴게요.',
  closed: '리추얼이 끝나 편지를 더 쓰거나 고칠 수 없어요.',
} as const;

export const letterPage = (sessionId: number): string => `/room/${sessionId}/letter`;
