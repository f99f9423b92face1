import { createTransport } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  /** true for implicit TLS (usually port 465); false upgrades with STARTTLS when offered (587). */
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
  /** The From header, with its display name: `리추얼 <no-reply@ritual.example>`. */
  from: string;
}

export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    // A server that needs no login (a local relay) is sent no AUTH at all.
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
  });
  return {
    async send(message: MailMessage): Promise<void> {
      await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}
