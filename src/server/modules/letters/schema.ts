import { z } from 'zod';
import { LETTER_MAX_LENGTH } from '../../../lib/letters.ts';

export const LETTER_MESSAGES = {
  content: '편지 내용을 입력해 주세요.',
  contentTooLong: `편지는 ${LETTER_MAX_LENGTH.toLocaleString('ko-KR')}자 이하로 써 주세요.`,
  closed: '리추얼이 끝나 편지를 더 쓰거나 고칠 수 없어요.',
  membersOnly: '이 리추얼 방의 멤버만 나에게 편지를 쓸 수 있어요.',
} as const;

/** `POST /api/ritual-sessions/{id}/message-to-myself`: plain text, kept as written (line breaks too). */
export const letterInput = z.object({
  content: z
    .string({ error: LETTER_MESSAGES.content })
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, LETTER_MESSAGES.content).max(LETTER_MAX_LENGTH, LETTER_MESSAGES.contentTooLong)),
});
