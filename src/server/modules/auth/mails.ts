import type { MailMessage } from '../../adapters/mail/index.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The site's plain mail: a title, paragraphs of text (escaped here) and one button. */
export function layout(title: string, lines: string[], action: { label: string; url: string }): string {
  const paragraphs = lines.map((line) => `<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(line)}</p>`).join('');
  return `<!doctype html><html lang="ko"><body style="font-family:'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#1d1d1f">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${paragraphs}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#c2410c;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:#6b6f76;font-size:13px">버튼이 열리지 않으면 이 주소를 브라우저에 붙여 넣어 주세요: ${escapeHtml(action.url)}</p>
</body></html>`;
}

export function verificationMail(to: string, nickname: string, url: string, minutes: number): MailMessage {
  const lines = [
    `${nickname}님, 리추얼에 오신 것을 환영해요.`,
    `아래 버튼을 눌러 이메일 주소를 인증해 주세요. 링크는 ${minutes}분 동안 유효합니다.`,
    '본인이 가입하지 않았다면 이 메일은 무시해 주세요.',
  ];
  return {
    to,
    subject: '[리추얼] 이메일 주소를 인증해 주세요',
    text: `${lines.join('\n')}\n\n${url}\n`,
    html: layout('이메일 주소를 인증해 주세요', lines, { label: '이메일 인증하기', url }),
    links: [url],
  };
}

export function passwordResetMail(to: string, nickname: string, url: string, minutes: number): MailMessage {
  const lines = [
    `${nickname}님, 비밀번호 재설정을 요청하셨어요.`,
    `아래 버튼을 눌러 새 비밀번호를 정해 주세요. 링크는 ${minutes}분 동안 한 번만 사용할 수 있습니다.`,
    '요청하지 않았다면 이 메일은 무시해 주세요. 비밀번호는 바뀌지 않습니다.',
  ];
  return {
    to,
    subject: '[리추얼] 비밀번호 재설정 안내',
    text: `${lines.join('\n')}\n\n${url}\n`,
    html: layout('비밀번호 재설정 안내', lines, { label: '비밀번호 재설정하기', url }),
    links: [url],
  };
}
