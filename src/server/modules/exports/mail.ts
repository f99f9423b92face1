import type { MailMessage } from '../../adapters/mail/index.ts';
import { escapeHtml } from './html.ts';
import { EXPORT_RULES } from './schema.ts';

export function exportReadyMail(to: string, nickname: string, url: string): MailMessage {
  const intro = `${nickname}님, 요청하신 내 기록 내보내기 파일이 준비됐어요. 마이페이지에서 ${EXPORT_RULES.keepDays}일 동안 내려받을 수 있어요.`;
  return {
    to,
    subject: '[리추얼] 내 기록을 내려받을 준비가 됐어요',
    text: `${intro}\n\n내려받기: ${url}\n\n파일 안의 index.html을 열면 인터넷 없이도 기록을 볼 수 있어요.\n`,
    html: `<!doctype html><html lang="ko"><body style="font-family:'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#1d1d1f">
<h1 style="font-size:20px">내 기록을 내려받을 준비가 됐어요</h1>
<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;line-height:1.6">파일 안의 index.html을 열면 인터넷 없이도 기록을 볼 수 있어요.</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#c2410c;color:#fff;text-decoration:none;font-weight:600">마이페이지에서 내려받기</a></p>
</body></html>`,
    links: [url],
  };
}
