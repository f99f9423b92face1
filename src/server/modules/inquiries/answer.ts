import { z } from 'zod';
import type { MailMessage } from '../../adapters/mail/index.ts';
import { layout } from '../auth/mails.ts';

export const ANSWER_MAX = 5000;

export const ANSWER_MESSAGES = {
  required: '답변을 입력해 주세요.',
  tooLong: `답변은 ${ANSWER_MAX.toLocaleString('ko-KR')}자 이하로 입력해 주세요.`,
} as const;

/** POST /api/admin/inquiries/{id}/answer: plain text; a textarea's CRLF counts as one character. */
export const answerInput = z.object({
  answer: z
    .string({ error: ANSWER_MESSAGES.required })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, ANSWER_MESSAGES.required).max(ANSWER_MAX, ANSWER_MESSAGES.tooLong)),
});

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

const paragraphsOf = (text: string): string[] => text.split(/\n{2,}/).map((block) => block.trim()).filter(Boolean);

/**
 * Answers are stored as HTML, as the inquiry page shows them (the demo answers are rich text), but
 * the team writes plain text: a paragraph per blank line, a line break per line, nothing else
 * interpreted, so nothing the team types can become markup.
 */
export const answerHtml = (text: string): string =>
  paragraphsOf(text)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const DECODE: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** The stored answer back as the plain text the team edits (the inverse of answerHtml). */
export const answerText = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_match, name: string) => DECODE[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Tells the member their inquiry has been answered, with the answer itself and a link to it. */
export function inquiryAnswerMail(to: string, nickname: string, title: string, answer: string, url: string): MailMessage {
  const intro = [`${nickname}님, 남겨 주신 문의 「${title}」에 운영팀 답변이 등록되었어요.`];
  const lines = [...intro, ...paragraphsOf(answer)];
  return {
    to,
    subject: '[리추얼] 문의하신 내용에 답변이 등록되었어요',
    text: `${intro.join('\n')}\n\n${answer}\n\n답변 보기: ${url}\n`,
    html: layout('문의 답변이 등록되었어요', lines, { label: '답변 보기', url }),
    links: [url],
  };
}
