import { z } from 'zod';

// Forms send "on", "1" or "true"; JSON sends a boolean.
const checkbox = z
  .union([z.boolean(), z.enum(['on', '1', 'true', '0', 'false', ''])])
  .optional()
  .transform((value) => value === true || value === 'on' || value === '1' || value === 'true');

export const loginInput = z.object({
  email: z
    .string({ error: '이메일을 입력해 주세요.' })
    .trim()
    .min(1, '이메일을 입력해 주세요.')
    .max(255, '이메일은 255자 이하여야 합니다.')
    .pipe(z.email('올바른 이메일 주소를 입력해 주세요.')),
  password: z
    .string({ error: '비밀번호를 입력해 주세요.' })
    .min(1, '비밀번호를 입력해 주세요.')
    .max(255, '비밀번호는 255자 이하여야 합니다.'),
  remember: checkbox,
});
