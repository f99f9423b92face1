import { escapeHtml } from '../../../lib/html-markup.ts';
import { TODAY_PATH } from '../../../lib/reminders.ts';
import type { MailMessage } from '../../adapters/mail/index.ts';
import { roomPostLink } from '../room-progress/resource.ts';
import type { LetterContent, LetterItem } from './content.ts';
import type { LetterWeek } from './week.ts';

const WEEKDAYS = ['월', '화', '수', '목', '금', '토', '일'];
const ITEM_LENGTH = 60;

export interface LetterAddress {
  appUrl: string;
  /** The member's own one-click link (unsubscribe.ts). */
  unsubscribeUrl: string;
}

const dotted = (date: string) => date.replaceAll('-', '.');
// A record of pictures only has no words to quote.
const PICTURES_ONLY = '사진으로 남긴 기록';
const clip = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return PICTURES_ONLY;
  return line.length > ITEM_LENGTH ? `${line.slice(0, ITEM_LENGTH - 1)}…` : line;
};

interface Section {
  heading: string;
  lines: string[];
  items: { author: string; text: string; url: string }[];
}

function sections(content: LetterContent, week: LetterWeek, appUrl: string): Section[] {
  const link = (item: LetterItem) => ({ author: item.author, text: clip(item.text), url: new URL(roomPostLink(item.sessionId, item.postId), appUrl).toString() });
  const weekdays = content.checkInDays.map((day) => WEEKDAYS[week.days.indexOf(day)]).filter(Boolean);
  const out: Section[] = [
    {
      heading: '나의 체크인',
      lines: [
        weekdays.length > 0
          ? `7일 중 ${weekdays.length}일 체크인했어요 (${weekdays.join(' · ')}).${weekdays.length === 7 ? ' 한 주를 꽉 채웠네요!' : ''}`
          : '지난주에는 체크인이 없었어요. 이번 주에 가볍게 다시 시작해 봐요.',
      ],
      items: [],
    },
  ];
  if (content.replies > 0) {
    out.push({ heading: `내 기록에 달린 댓글 ${content.replies}개`, lines: [], items: content.latestReplies.map(link) });
  }
  for (const room of content.rooms) {
    out.push({ heading: `「${room.title}」 새 기록 ${room.records}개`, lines: [], items: room.latest.map(link) });
  }
  return out;
}

/** The weekly letter: the member's check-ins, replies to their records and their rooms' new records. */
export function weeklyLetterMail(to: string, nickname: string, week: LetterWeek, content: LetterContent, address: LetterAddress): MailMessage {
  const span = `${dotted(week.days[0]!)}(월) – ${dotted(week.days[6]!).slice(5)}(일)`;
  const intro = `${nickname}님, 지난주 ${span} 리추얼 방 소식을 모아 왔어요.`;
  const todayUrl = new URL(TODAY_PATH, address.appUrl).toString();
  const parts = sections(content, week, address.appUrl);
  const footer = '매주 월요일 아침에 지난주 소식을 보내 드려요. 마이페이지 > 알림 설정에서도 끌 수 있어요.';

  const text = [
    intro,
    ...parts.map((part) => [`[${part.heading}]`, ...part.lines, ...part.items.map((item) => `- ${item.author}: ${item.text}\n  ${item.url}`)].join('\n')),
    `이번 주 리추얼 열기: ${todayUrl}`,
    `${footer}\n그만 받기: ${address.unsubscribeUrl}`,
  ].join('\n\n');

  const html = `<!doctype html><html lang="ko"><body style="font-family:'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#1d1d1f">
<h1 style="font-size:20px">지난주 리추얼 소식</h1>
<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(intro)}</p>
${parts
  .map(
    (part) => `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(part.heading)}</h2>
${part.lines.map((line) => `<p style="margin:0 0 8px;line-height:1.6">${escapeHtml(line)}</p>`).join('\n')}${
      part.items.length > 0
        ? `<ul style="margin:0;padding-left:20px;line-height:1.6">${part.items
            .map((item) => `<li><a href="${escapeHtml(item.url)}" style="color:#9a3412">${escapeHtml(item.author)}: ${escapeHtml(item.text)}</a></li>`)
            .join('')}</ul>`
        : ''
    }`,
  )
  .join('\n')}
<p><a href="${escapeHtml(todayUrl)}" style="display:inline-block;margin-top:24px;padding:12px 20px;border-radius:999px;background:#c2410c;color:#fff;text-decoration:none;font-weight:600">이번 주 리추얼 열기</a></p>
<p style="margin-top:24px;font-size:13px;color:#6e6e73">${escapeHtml(footer)} <a href="${escapeHtml(address.unsubscribeUrl)}" style="color:#6e6e73">그만 받기</a></p>
</body></html>`;

  return {
    to,
    subject: `[리추얼] 지난주 리추얼 소식 (${span})`,
    text: `${text}\n`,
    html,
    links: [...new Set([...parts.flatMap((part) => part.items.map((item) => item.url)), todayUrl, address.unsubscribeUrl])],
    // RFC 2369 and RFC 8058: mail apps show their own 구독 취소 button, which POSTs to the link.
    headers: { 'List-Unsubscribe': `<${address.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
