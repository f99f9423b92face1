import { z } from 'zod';
import { flagField } from '../../http/flag-field.ts';

export const LOGIN_MESSAGES = {
  wrongCredentials: '이메일 또는 비밀번호가 올바르지 않습니다.',
  accountCoolingDown: (seconds: number) =>
    `이 계정에 잘못된 로그인 시도가 많아 잠시 막아 두었어요. ${Math.ceil(seconds / 60)}분 후에 다시 시도하거나, 전에 로그인했던 기기에서 로그인해 주세요. 비밀번호가 기억나지 않으면 비밀번호 찾기를 이용해 주세요.`,
} as const;

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
  remember: flagField(),
});
