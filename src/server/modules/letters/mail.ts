import type { MailMessage } from '../../adapters/mail/index.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The letter itself, as its author wrote it (plain text: line breaks kept, nothing else interpreted). */
export function letterMail(to: string, nickname: string, sessionTitle: string, content: string, url: string): MailMessage {
  const intro = `${nickname}님, 「${sessionTitle}」을 함께하는 동안 나에게 쓴 편지가 도착했어요.`;
  const paragraphs = content
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 12px;line-height:1.7">${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    to,
    subject: '[리추얼] 나에게 쓴 편지가 도착했어요',
    text: `${intro}\n\n${content}\n\n리추얼 방에서 다시 보기: ${url}\n`,
    html: `<!doctype html><html lang="ko"><body style="font-family:'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#1d1d1f">
<h1 style="font-size:20px">나에게 쓴 편지가 도착했어요</h1>
<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(intro)}</p>
<div style="padding:20px;border-radius:16px;background:#fff7ed">${paragraphs}</div>
<p><a href="${escapeHtml(url)}" style="display:inline-block;margin-top:16px;padding:12px 20px;border-radius:999px;background:#c2410c;color:#fff;text-decoration:none;font-weight:600">리추얼 방에서 보기</a></p>
</body></html>`,
    links: [url],
  };
}
