import { describe, expect, it } from 'vitest';
import type { User } from '../../src/server/db/schema/index.ts';
import { publicUserResource } from '../../src/server/modules/users/resource.ts';

const member: User = {
  id: 7,
  email: 'someone@example.com',
  passwordHash: 'hash',
  nickname: '아침햇살',
  username: 'sunrise',
  profileImage: '/uploads/avatars/7-aa.webp',
  introduction: '안녕하세요',
  role: 'member',
  emailVerifiedAt: new Date('2026-11-01T00:00:00Z'),
  agreedTermsAt: null,
  agreedPrivacyAt: null,
  agreedMarketingAt: null,
  countryCode: '82',
  phone: '01012345678',
  phoneVerifiedAt: null,
  inviteCode: 'ABCDEFGH',
  deletedAt: null,
  totpSecret: 'sealed-secret',
  totpEnabledAt: new Date('2026-01-01T00:00:00Z'),
  totpLastStep: null,
  suspendedUntil: null,
  suspensionReason: null,
  postingLimitedUntil: null,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-01T00:00:00Z'),
};

describe('a member as others see them', () => {
  it('shows names and picture, never e-mail, phone or invite code', () => {
    const shown = publicUserResource(member);
    expect(shown).toEqual({
      id: 7,
      nickname: '아침햇살',
      username: 'sunrise',
      profile_image: '/uploads/avatars/7-aa.webp',
      introduction: '안녕하세요',
      created_at: '2026-11-01T00:00:00.000000Z',
    });
    expect(JSON.stringify(shown)).not.toMatch(/someone@|0101234|ABCDEFGH/);
  });

  it('shows a deleted member as 탈퇴한 회원, with nothing else of theirs', () => {
    expect(publicUserResource({ ...member, deletedAt: new Date() })).toEqual({
      id: 7,
      nickname: '탈퇴한 회원',
      username: null,
      profile_image: null,
      introduction: null,
      created_at: null,
    });
  });
});
