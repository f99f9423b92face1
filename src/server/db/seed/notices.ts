import dayjs from 'dayjs';
import { TIME_ZONE } from '../../../lib/constants.ts';
import { formatDate } from '../../../lib/time.ts';
import { sanitizeStaffHtml } from '../../html/sanitize.ts';
import type { Db } from '../client.ts';
import { notices } from '../schema/index.ts';
import { koreanDate, seoulDay, termsEffectiveDates } from './pages.ts';

type NewNotice = typeof notices.$inferInsert;

/**
 * Notices over the last three months, dated from the seed's day so that a fresh start always
 * looks current: two pinned, enough for two pages of ten, one scheduled and one draft.
 */
export function demoNotices(now: Date): NewNotice[] {
  const day = (days: number, hour = 10) => seoulDay(now, days, hour);
  const monthAfter = (date: Date) => dayjs(date).tz(TIME_ZONE).add(1, 'month').month() + 1;
  const effective = termsEffectiveDates(now);

  const recruiting = day(-3);
  const nextMonth = monthAfter(recruiting);
  const recruitEnds = day(7);
  const maintenanceNotice = day(-1, 15);
  const maintenance = day(3);
  const privacyNotice = day(-10);
  const policyNotice = day(-70);

  return [
    {
      title: `${nextMonth}월 리추얼 참여자 모집 안내`,
      isPinned: true,
      publishedAt: recruiting,
      bodyHtml: `
<p>안녕하세요, 리추얼이에요. ${nextMonth}월에 함께할 리추얼 멤버를 모집해요. 한 달 동안 같은 시간, 같은 마음으로 작은 습관을 함께 이어 가요.</p>
<h2>모집 일정</h2>
<ul>
  <li>모집 기간: ${koreanDate(recruiting)} ~ ${koreanDate(recruitEnds)} 자정</li>
  <li>리추얼 기간: ${nextMonth}월 첫째 주 월요일부터 4주</li>
  <li>참가비: 리추얼별 29,000원 ~ 39,000원</li>
</ul>
<h2>${nextMonth}월에 만날 리추얼</h2>
<table>
  <thead>
    <tr><th scope="col">리추얼</th><th scope="col">시간</th><th scope="col">인증 방법</th></tr>
  </thead>
  <tbody>
    <tr><td>아침 10분 명상</td><td>오전 5시~9시</td><td>명상 후 떠오른 한 문장</td></tr>
    <tr><td>하루 한 줄 회고</td><td>오후 8시~자정</td><td>오늘의 한 줄과 감정 단어</td></tr>
    <tr><td>새벽 독서</td><td>오전 5시~7시</td><td>읽은 쪽수와 밑줄 한 줄</td></tr>
    <tr><td>주 3회 걷기</td><td>자유</td><td>걸은 거리와 풍경 사진</td></tr>
  </tbody>
</table>
<p>완주한 멤버에게는 다음 리추얼에서 쓸 수 있는 20% 할인 쿠폰을 드려요. 자세한 내용은 <a href="/explorer">프로그램</a> 메뉴에서 확인해 주세요.</p>`,
    },
    {
      title: '개인정보처리방침 개정 안내',
      isPinned: true,
      publishedAt: privacyNotice,
      bodyHtml: `
<p>리추얼을 이용해 주셔서 고맙습니다. 개인정보처리방침이 다음과 같이 바뀌어 안내드립니다.</p>
<h2>개정 내용</h2>
<ul>
  <li>휴대전화 인증 도입에 따라 수집 항목에 휴대전화번호와 국가 번호를 추가했어요.</li>
  <li>인증번호 문자 발송을 위한 처리 위탁 업체를 추가했어요.</li>
  <li>회원 탈퇴 시 바로 지우는 정보와 법령에 따라 보관하는 정보를 더 자세히 적었어요.</li>
</ul>
<h2>시행일</h2>
<p>${koreanDate(effective.privacy)}부터 적용돼요. 시행일 이후에도 서비스를 계속 이용하시면 바뀐 방침에 동의한 것으로 봐요. 동의하지 않으시면 마이페이지에서 탈퇴하실 수 있어요.</p>
<p>전문은 <a href="/terms/privacy">개인정보처리방침</a>에서 확인할 수 있어요.</p>`,
    },
    {
      title: '서비스 정기 점검 안내',
      publishedAt: maintenanceNotice,
      bodyHtml: `
<p>더 안정적인 서비스를 위해 서버 정기 점검을 진행해요. 점검 시간에는 리추얼, 콘텐츠 광장, 셀프케어 도구샵을 포함한 모든 서비스를 이용할 수 없어요.</p>
<ul>
  <li>점검 일시: ${koreanDate(maintenance)} 오전 2시 ~ 오전 5시 (3시간)</li>
  <li>점검 내용: 데이터베이스 업그레이드, 보안 업데이트</li>
</ul>
<p>점검 시간과 겹치는 리추얼 인증은 점검이 끝난 뒤 오전 9시까지 남기시면 전날 인증으로 인정해 드려요. 이용에 불편을 드려 죄송해요.</p>`,
    },
    {
      title: '사진 여러 장 인증과 멘션 알림이 생겼어요',
      publishedAt: day(-6),
      bodyHtml: `
<p>멤버분들이 가장 많이 요청해 주신 기능을 담아 업데이트했어요.</p>
<h2>새로워진 점</h2>
<ul>
  <li><strong>사진 여러 장 인증</strong>: 기록 하나에 사진을 최대 5장까지 올릴 수 있어요.</li>
  <li><strong>멘션 알림</strong>: 댓글에서 @닉네임으로 같은 방 멤버를 부르면 바로 알림이 가요.</li>
  <li><strong>저장한 글 모아 보기</strong>: 리추얼 방과 콘텐츠 광장에서 저장한 글을 한곳에서 볼 수 있어요.</li>
</ul>
<p>따로 설치할 것 없이 페이지를 새로고침하면 바로 쓸 수 있어요.</p>`,
    },
    {
      title: '오프라인 모임 ‘느린 아침 산책’ 후기',
      publishedAt: day(-13),
      bodyHtml: `
<p>지난 토요일 아침, 서울숲에서 리추얼 멤버 18분과 함께 첫 오프라인 모임을 가졌어요.</p>
<p>7시 반에 모여 한 시간 동안 말없이 숲길을 걷고, 근처 카페에서 각자의 리추얼 이야기를 나눴어요. “화면 너머로만 응원하던 분을 직접 만나니 더 힘이 난다”는 이야기가 가장 많았어요.</p>
<blockquote>혼자서는 주말 아침에 일어나기 어려웠는데, 함께 걸으니 몸도 마음도 가벼워졌어요. ― 숲속산책 님</blockquote>
<p>다음 모임은 계절이 바뀔 때쯤 다시 열 예정이에요. 일정이 정해지면 공지사항으로 가장 먼저 알려 드릴게요.</p>`,
    },
    {
      title: '셀프케어 도구샵 출고 마감 시간 변경 안내',
      publishedAt: day(-17),
      bodyHtml: `
<p>더 빠르고 정확한 배송을 위해 당일 출고 마감 시간이 바뀌어요.</p>
<ul>
  <li>변경 전: 평일 오후 2시 결제 완료 건까지 당일 출고</li>
  <li>변경 후: 평일 오후 1시 결제 완료 건까지 당일 출고</li>
</ul>
<p>배송비와 교환·반품 기준은 그대로예요. 자세한 내용은 <a href="/explorer/selfcare/guide/shipping">배송 안내</a>에서 확인해 주세요.</p>`,
    },
    {
      title: '리추얼 인증 가능 시간 연장 안내',
      publishedAt: day(-24),
      bodyHtml: `
<p>밤늦게 리추얼을 마치는 멤버분들의 의견을 반영해 인증 가능 시간을 늘렸어요.</p>
<p>이제 <strong>다음 날 새벽 2시</strong>까지 남긴 기록도 전날의 인증으로 인정돼요. 이미 진행 중인 리추얼에도 바로 적용돼요.</p>`,
    },
    {
      title: '콘텐츠 광장 커뮤니티 이용 수칙 안내',
      publishedAt: day(-31),
      bodyHtml: `
<p>콘텐츠 광장이 누구에게나 편안한 공간이 될 수 있도록 커뮤니티 이용 수칙을 정리했어요.</p>
<ul>
  <li>평가보다 응원을 먼저 남겨 주세요.</li>
  <li>홍보 글, 다른 사람을 비난하는 글은 숨겨질 수 있어요.</li>
  <li>다른 사람의 얼굴이나 개인정보가 담긴 사진은 올리지 말아 주세요.</li>
</ul>
<p>전문은 <a href="/pages/community-guidelines">커뮤니티 이용 수칙</a>에서 볼 수 있어요.</p>`,
    },
    {
      title: '원데이 프로그램 ‘마음 정리 글쓰기’ 오픈',
      publishedAt: day(-38),
      bodyHtml: `
<p>한 달이 부담스러운 분들을 위해 하루에 끝나는 원데이 프로그램을 열었어요.</p>
<p>‘마음 정리 글쓰기’는 90분 동안 안내에 따라 세 가지 질문에 답하며 요즘의 마음을 글로 정리하는 프로그램이에요. 온라인으로 진행하며, 참가비는 15,000원이에요.</p>
<p>일정과 신청은 프로그램 메뉴의 <a href="/explorer/program">원데이 프로그램</a>에서 확인해 주세요.</p>`,
    },
    {
      title: '쿠폰 사용 기준 변경 안내',
      publishedAt: day(-45),
      bodyHtml: `
<p>쿠폰을 더 쉽게 쓰실 수 있도록 사용 기준을 바꿨어요.</p>
<ul>
  <li>리추얼 할인 쿠폰을 셀프케어 도구샵 주문에도 쓸 수 있어요. (일부 상품 제외)</li>
  <li>쿠폰은 주문 한 건에 한 장만 쓸 수 있어요.</li>
  <li>주문을 취소하면 쓴 쿠폰은 유효기간 안에서 다시 돌려드려요.</li>
</ul>`,
    },
    {
      title: '간편결제 수단 추가 안내',
      publishedAt: day(-53),
      bodyHtml: `
<p>이제 카카오페이, 네이버페이, 토스페이로도 결제할 수 있어요. 리추얼 참가비와 셀프케어 도구샵 주문 모두에 쓸 수 있어요.</p>
<p>간편결제로 결제한 주문의 취소와 환불은 결제한 서비스로 돌려드려요.</p>`,
    },
    {
      title: '리추얼 완주 응원 이벤트 당첨자 발표',
      publishedAt: day(-60),
      bodyHtml: `
<p>지난 리추얼을 완주하고 후기를 남겨 주신 모든 분께 감사드려요. 추첨으로 뽑힌 열 분께 리추얼 노트 세트를 보내 드려요.</p>
<p>당첨자(닉네임 일부 가림): 아침햇*, 느린걸*, 새벽서*, 오늘의기*, 숲속산*, 차한*, 고요한*, 단단*, 하루한*, 별빛일*</p>
<p>당첨된 분께는 가입한 이메일로 배송지 입력 안내를 보내 드렸어요. 일주일 안에 입력해 주세요.</p>`,
    },
    {
      title: '이용약관 개정 안내',
      publishedAt: policyNotice,
      bodyHtml: `
<p>셀프케어 도구샵 오픈과 리추얼 환불 기준 정비에 맞춰 이용약관이 바뀌어요.</p>
<h2>주요 개정 내용</h2>
<ul>
  <li>셀프케어 도구샵의 구매, 배송, 청약철회에 관한 조항을 새로 만들었어요. (제13조~제17조)</li>
  <li>리추얼 참가비 환불 기준을 진행 기간에 따라 더 자세히 나눴어요. (제10조)</li>
</ul>
<p>바뀐 약관은 ${koreanDate(effective.policy)}부터 적용돼요. 전문은 <a href="/terms/policy">이용약관</a>에서 확인할 수 있어요.</p>`,
    },
    {
      title: '고객센터 운영 시간 변경 안내',
      publishedAt: day(-85),
      bodyHtml: `
<p>더 꼼꼼한 답변을 드리기 위해 고객센터 운영 시간이 바뀌어요.</p>
<ul>
  <li>운영 시간: 평일 오전 10시 ~ 오후 5시 (점심시간 오후 12시 30분 ~ 1시 30분)</li>
  <li>주말과 공휴일에 남겨 주신 문의는 다음 영업일에 순서대로 답변드려요.</li>
</ul>
<p>1:1 문의는 24시간 언제든 남기실 수 있어요.</p>`,
    },
    {
      // Scheduled: shows on its own once the day comes.
      title: '새해 리추얼 얼리버드 모집 예고',
      publishedAt: day(5),
      bodyHtml: `<p>새해 리추얼을 가장 먼저 만나 보세요. 얼리버드 신청 기간(${formatDate(day(12))}까지)에는 참가비를 20% 할인해 드려요.</p>`,
    },
    {
      // A draft staff are still writing.
      title: '겨울 오프라인 모임 안내 (작성 중)',
      publishedAt: null,
      bodyHtml: '<p>장소와 일정을 정하는 중이에요.</p>',
    },
  ];
}

export async function seedNotices(db: Db, now = new Date()): Promise<void> {
  await db.insert(notices).values(demoNotices(now).map((notice) => ({ ...notice, bodyHtml: sanitizeStaffHtml(notice.bodyHtml.trim()) })));
}
