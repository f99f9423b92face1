import { z } from 'zod';

export const FRONT_ERROR_BODY_LIMIT_BYTES = 16 * 1024;

export const frontErrorInput = z.object({
  message: z
    .string({ error: '오류 메시지(message)를 보내 주세요.' })
    .trim()
    .min(1, '오류 메시지(message)를 보내 주세요.')
    .max(2000, '오류 메시지는 2000자 이하여야 합니다.'),
  stack: z.string().max(10_000, 'stack은 10000자 이하여야 합니다.').optional(),
  url: z.string().max(2000, 'url은 2000자 이하여야 합니다.').optional(),
  user_agent: z.string().max(500, 'user_agent는 500자 이하여야 합니다.').optional(),
  context: z.record(z.string(), z.unknown()).optional(),
});
