import type { MailMessage } from '../../adapters/mail/index.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The reminder by e-mail: the same words as the push, and the way to /today. */
export function reminderMail(to: string, nickname: string, sessionTitle: string, url: string): MailMessage {
  const line = `${nickname}님, 오늘의 「${sessionTitle}」 리추얼을 할 시간이에요.`;
  return {
    to,
    subject: `[리추얼] 오늘의 리추얼: ${sessionTitle}`,
    text: `${line}\n짧게라도 오늘의 체크인을 남겨 보세요.\n\n오늘의 리추얼 열기: ${url}\n\n알림 시간과 방법은 마이페이지 > 알림 설정에서 바꿀 수 있어요.\n`,
    html: `<!doctype html><html lang="ko"><body style="font-family:'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#1d1d1f">
<h1 style="font-size:20px">오늘의 리추얼</h1>
<p style="margin:0 0 8px;line-height:1.6">${escapeHtml(line)}</p>
<p style="margin:0 0 16px;line-height:1.6">짧게라도 오늘의 체크인을 남겨 보세요.</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#c2410c;color:#fff;text-decoration:none;font-weight:600">체크인하러 가기</a></p>
<p style="margin-top:24px;font-size:13px;color:#6e6e73">알림 시간과 방법은 마이페이지 &gt; 알림 설정에서 바꿀 수 있어요.</p>
</body></html>`,
    links: [url],
  };
}
