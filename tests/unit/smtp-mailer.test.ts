import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/adapters/mail/index.ts';
import { createSmtpMailer } from '../../src/server/adapters/mail/smtp-mailer.ts';

/** One message as the server received it. */
interface Received {
  ehlo: string;
  from: string;
  recipients: string[];
  data: string;
}

/**
 * Just enough of RFC 5321 for one client: greeting, EHLO (without STARTTLS or AUTH),
 * MAIL FROM, RCPT TO, DATA (with dot-unstuffing), RSET, NOOP and QUIT.
 */
function startSmtpServer(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket: Socket) => {
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let current: Received = { ehlo: '', from: '', recipients: [], data: '' };
    socket.setEncoding('utf8');
    reply('220 127.0.0.1 ESMTP test');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const lines = buffer.slice(0, end).split('\r\n');
          current.data = lines.map((line) => (line.startsWith('..') ? line.slice(1) : line)).join('\r\n');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { ehlo: current.ehlo, from: '', recipients: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          current.ehlo = line.slice(5);
          reply('250-127.0.0.1 greets you');
          reply('250-8BITMIME');
          reply('250 SMTPUTF8');
        } else if (verb === 'HELO') {
          reply('250 127.0.0.1');
        } else if (/^MAIL FROM:/i.test(line)) {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (/^RCPT TO:/i.test(line)) {
          current.recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          current = { ehlo: current.ehlo, from: '', recipients: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (verb === 'NOOP') {
          reply('250 2.0.0 ok');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else {
          reply('502 5.5.2 command not recognised');
        }
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received }));
  });
}

/** The unfolded value of a header in the message's top-level header block. */
function header(data: string, name: string): string {
  const head = data.split('\r\n\r\n')[0] ?? '';
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const line = unfolded.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim() ?? '';
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=`) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The body of the part with this content type, quoted-printable decoded (nodemailer's choice for Korean). */
function part(data: string, contentType: string): string {
  const start = data.search(new RegExp(`Content-Type: ${contentType.replace('/', '\\/')};`, 'i'));
  if (start === -1) return '';
  const rest = data.slice(start);
  const body = rest.slice(rest.indexOf('\r\n\r\n') + 4, rest.search(/\r\n--/));
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeEach(async () => {
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

const settings = () => ({
  host: '127.0.0.1',
  port: smtp.port,
  secure: false,
  from: '리추얼 <no-reply@ritual.example>',
});

const message = {
  to: 'haru@example.com',
  subject: '[리추얼] 이메일 주소를 인증해 주세요',
  text: '아래 링크를 눌러 인증해 주세요.\nhttps://ritual.example/email/verify/1?signature=abc',
  html: '<p>아래 링크를 눌러 인증해 주세요.</p><a href="https://ritual.example/email/verify/1?signature=abc">인증하기</a>',
  links: ['https://ritual.example/email/verify/1?signature=abc'],
};

describe('SMTP mailer', () => {
  it('delivers the message to the server: envelope, Korean subject and sender name, text and html', async () => {
    await createSmtpMailer(settings()).send(message);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('no-reply@ritual.example');
    expect(mail?.recipients).toEqual(['haru@example.com']);
    const data = mail?.data ?? '';
    // Korean is not sent raw in a header: nodemailer encodes it as RFC 2047 words.
    expect(header(data, 'Subject')).toMatch(/=\?UTF-8\?[BQ]\?/i);
    expect(decodeWords(header(data, 'Subject'))).toBe(message.subject);
    expect(decodeWords(header(data, 'From'))).toBe('리추얼 <no-reply@ritual.example>');
    expect(header(data, 'To')).toBe('haru@example.com');
    expect(header(data, 'Content-Type')).toMatch(/^multipart\/alternative/);
    expect(part(data, 'text/plain')).toBe(message.text);
    expect(part(data, 'text/html')).toBe(message.html);
  });

  it('carries a message’s own headers (the weekly letter’s one-click unsubscribe, RFC 8058); others carry none', async () => {
    const unsubscribe = 'https://ritual.example/weekly-letter/unsubscribe?token=7.abc';
    const mailer = createSmtpMailer(settings());
    await mailer.send({ ...message, headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    await mailer.send(message);
    const [letter, plain] = smtp.received.map((mail) => mail.data);
    expect(header(letter!, 'List-Unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(header(letter!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(plain!, 'List-Unsubscribe')).toBe('');
  });

  it('is what createMailer builds for the smtp transport, and sends again on a new connection', async () => {
    const mailer = createMailer({ transport: 'smtp', ...settings() });
    await mailer.send(message);
    await mailer.send({ ...message, to: 'dal@example.com', subject: 'second' });
    expect(smtp.received.map((m) => m.recipients)).toEqual([['haru@example.com'], ['dal@example.com']]);
    expect(header(smtp.received[1]?.data ?? '', 'Subject')).toBe('second');
  });

  it('rejects when the server refuses the recipient', async () => {
    const refusing = await new Promise<Server>((resolve) => {
      const server = createServer((socket) => {
        socket.setEncoding('utf8');
        socket.write('220 ready\r\n');
        socket.on('data', (chunk: string) => {
          for (const line of chunk.split('\r\n').filter(Boolean)) {
            if (/^EHLO/i.test(line)) socket.write('250 ok\r\n');
            else if (/^RCPT/i.test(line)) socket.write('550 5.1.1 no such user\r\n');
            else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
            else socket.write('250 ok\r\n');
          }
        });
      });
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    try {
      const port = (refusing.address() as AddressInfo).port;
      await expect(createSmtpMailer({ ...settings(), port }).send(message)).rejects.toThrow(/550|no such user/);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
