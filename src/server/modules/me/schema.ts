import { z } from 'zod';
import { nicknameField, usernameField } from '../users/schema.ts';

export const INTRODUCTION_MAX = 150;
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const profileUpdateInput = z.object({
  nickname: nicknameField.optional(),
  username: usernameField.optional(),
  introduction: z
    .string()
    .trim()
    .max(INTRODUCTION_MAX, `소개는 ${INTRODUCTION_MAX}자 이하로 입력해 주세요.`)
    .optional(),
  profile_image: z
    .array(z.instanceof(File))
    .max(1, '프로필 사진은 한 장만 올릴 수 있어요.')
    .optional()
    .refine((files) => !files?.[0] || files[0].size <= PROFILE_IMAGE_MAX_BYTES, '프로필 사진은 10MB 이하로 올려 주세요.'),
});

export const accountDeletionInput = z.object({
  reason: z
    .string({ error: '탈퇴 사유를 입력해 주세요.' })
    .trim()
    .min(1, '탈퇴 사유를 입력해 주세요.')
    .max(500, '탈퇴 사유는 500자 이하로 입력해 주세요.'),
  // Required of members who have a password (src/server/modules/auth/reauthenticate.ts).
  password: z.string({ error: '비밀번호를 다시 입력해 주세요.' }).max(255, '비밀번호를 다시 입력해 주세요.').optional(),
});
