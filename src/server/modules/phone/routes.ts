import { Hono } from 'hono';
import type { SmsSender } from '../../adapters/sms/index.ts';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import { requireMember } from '../../http/visitor.ts';
import type { AppEnv } from '../../http/context.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { apiTime } from '../../http/serialize.ts';
import { maskPhone, phoneInput, verifyCodeInput } from './schema.ts';
import { CODE_TTL_SECONDS, RESEND_AFTER_SECONDS, confirmPhone, sendCode, verifyCode } from './service.ts';

// Each text costs money and lands on someone's phone: a cap per address, and one per number so
// that several accounts cannot flood one person.
const SEND_PER_ADDRESS = { name: 'phone-code', limit: 10, windowSeconds: 3600 };
const SEND_PER_NUMBER = { name: 'phone-code-number', limit: 5, windowSeconds: 3600 };

export function phoneRoutes(db: Db, sms: SmsSender) {
  return new Hono<AppEnv>()
    .post('/api/phone-verification/send-code', async (c) => {
      const user = requireMember(c);
      const { phone, countryCode } = validateBody(c, phoneInput);
      await enforceRateLimit(db, c, SEND_PER_ADDRESS);
      await enforceRateLimit(db, c, SEND_PER_NUMBER, `${countryCode}:${phone}`);
      await sendCode(db, sms, user.id, phone, countryCode);
      return c.json({ data: { expires_in: CODE_TTL_SECONDS, resend_after: RESEND_AFTER_SECONDS } });
    })
    .post('/api/phone-verification/verify-code', async (c) => {
      const user = requireMember(c);
      const { phone, countryCode, code } = validateBody(c, verifyCodeInput);
      await verifyCode(db, user.id, phone, countryCode, code);
      return c.json({ data: { verified: true } });
    })
    .put('/api/me/phone', async (c) => {
      const user = requireMember(c);
      const { phone, countryCode } = validateBody(c, phoneInput);
      const saved = await confirmPhone(db, user.id, phone, countryCode);
      c.get('log').info({ userId: user.id }, 'phone number verified');
      return c.json({
        data: {
          phone: maskPhone(phone, countryCode),
          country_code: saved.countryCode,
          phone_verified_at: apiTime(saved.phoneVerifiedAt),
        },
      });
    });
}
