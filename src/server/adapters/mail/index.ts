import type { Env } from '../../env.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import type { SmtpSettings } from './smtp-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type { MailMessage, Mailer } from './mailer.ts';
export type { OutboxMessage } from './outbox-mailer.ts';
export { readOutbox } from './outbox-mailer.ts';

/** What picking and building a mailer needs, separate from `env` so a test can pass its own. */
export type MailSettings =
  | { transport: 'outbox'; outboxDir: string }
  | ({ transport: 'smtp' } & SmtpSettings);

export function mailSettingsFromEnv(env: Env): MailSettings {
  if (env.MAIL_TRANSPORT === 'outbox') return { transport: 'outbox', outboxDir: env.MAIL_OUTBOX_DIR };
  // env.ts refuses MAIL_TRANSPORT=smtp without SMTP_HOST; this only tells the type checker.
  if (!env.SMTP_HOST) throw new Error('SMTP_HOST is required when MAIL_TRANSPORT=smtp');
  return {
    transport: 'smtp',
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    user: env.SMTP_USER,
    password: env.SMTP_PASSWORD,
    from: env.MAIL_FROM,
  };
}

export function createMailer(settings: MailSettings): Mailer {
  switch (settings.transport) {
    case 'outbox':
      return createOutboxMailer(settings.outboxDir);
    case 'smtp':
      return createSmtpMailer(settings);
  }
}
