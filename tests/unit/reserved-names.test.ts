import { describe, expect, it } from 'vitest';
import { isReservedNickname, isReservedUsername } from '../../src/lib/account-rules.ts';

describe('names that speak for the service', () => {
  it('refuses reserved nicknames however they are dressed: case, spaces, digits, prefixes and suffixes', () => {
    const reserved = [
      '관리자',
      '관리자1',
      '관리자 2',
      '운영진',
      '운영자님',
      '리추얼운영팀',
      '리추얼팀',
      '리추얼 팀',
      '리추얼님',
      '리추얼공식',
      '공식리추얼',
      '고객센터2',
      '상담원01',
      'ADMIN',
      'Admin01',
      'ａｄｍｉｎ',
      'ritualteam',
      'RitualBot',
      'officialstaff',
      '탈퇴한 회원',
      '익명',
      '123',
    ];
    for (const name of reserved) expect(isReservedNickname(name), name).toBe(true);
  });

  it('leaves ordinary nicknames alone, the service name among other words included', () => {
    for (const name of ['새벽걷기', '리추얼러버', '관리왕', '하루한걸음', 'morning7', '운동하는곰', '팀장님아님']) {
      expect(isReservedNickname(name), name).toBe(false);
    }
  });

  it('refuses reserved usernames with digits, dots or underscores added', () => {
    for (const name of ['admin', 'admin1', 'ad.min', 'admin_01', 'support.2', 'staff_']) expect(isReservedUsername(name), name).toBe(true);
    for (const name of ['dawn_walker', 'admins_fan', 'ritual.lover']) expect(isReservedUsername(name), name).toBe(false);
  });
});
