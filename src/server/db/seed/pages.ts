import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { TIME_ZONE } from '../../../lib/constants.ts';
import { env } from '../../env.ts';
import { sanitizeStaffHtml } from '../../html/sanitize.ts';
import type { Db } from '../client.ts';
import { pages, storePages } from '../schema/index.ts';
import { policyHtml } from './terms-policy.ts';
import { privacyHtml } from './terms-privacy.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Midnight-based Seoul time `days` after (or before, when negative) the day of `now`. */
export const seoulDay = (now: Date, days: number, hour = 0, minute = 0): Date =>
  dayjs(now).tz(TIME_ZONE).startOf('day').add(days, 'day').hour(hour).minute(minute).toDate();

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

/** `2026년 11월 24일(화)` in Seoul, as notices and terms write a day. */
export const koreanDate = (date: Date): string => {
  const seoul = dayjs(date).tz(TIME_ZONE);
  return `${seoul.format('YYYY년 M월 D일')}(${WEEKDAYS[seoul.day()]})`;
};

/**
 * When the current terms took effect, relative to the seed's day so that a fresh start always
 * shows terms in force: the revisions were announced by notices 7 and 10 days before.
 */
export const termsEffectiveDates = (now: Date) => ({
  policy: seoulDay(now, -60),
  privacy: seoulDay(now, -3),
});

const communityGuidelinesHtml = `
<p>콘텐츠 광장과 리추얼 방은 서로의 속도를 존중하며 함께 자라는 공간이에요. 모두가 안심하고 이야기할 수 있도록 아래 수칙을 지켜 주세요.</p>
<h2>이렇게 함께해요</h2>
<ul>
  <li>다른 사람의 기록에는 평가보다 응원을 먼저 남겨 주세요.</li>
  <li>내 경험을 나눌 때는 “나는 이랬어요”처럼 나의 이야기로 전해 주세요.</li>
  <li>고민 글에는 정답보다 공감을, 조언이 필요하다는 글에만 조언을 남겨 주세요.</li>
  <li>사진을 올릴 때는 다른 사람의 얼굴이나 개인정보가 보이지 않는지 확인해 주세요.</li>
</ul>
<h2>이런 게시물은 숨겨지거나 삭제될 수 있어요</h2>
<ul>
  <li>욕설, 비하, 차별, 혐오 표현이 담긴 게시물과 댓글</li>
  <li>특정인을 비난하거나 괴롭히는 내용, 동의 없이 다른 사람의 정보를 올린 게시물</li>
  <li>상품·서비스 홍보, 다른 서비스로의 가입 유도, 반복되는 같은 내용의 게시물</li>
  <li>의학적 진단이나 치료를 대신하는 것처럼 오해를 부를 수 있는 정보</li>
  <li>저작권 등 다른 사람의 권리를 침해하는 게시물</li>
</ul>
<h2>신고와 조치</h2>
<p>수칙에 어긋나는 게시물을 발견하면 1:1 문의로 알려 주세요. 운영팀이 확인한 뒤 게시물 숨김, 삭제, 일정 기간 이용 제한 순서로 조치하며, 조치 내용은 알림으로 안내해 드려요.</p>
<h2>마음이 힘들 때</h2>
<p>혼자 감당하기 어려운 마음이 든다면 주저하지 말고 도움을 요청해 주세요. 자살예방 상담전화 <a href="tel:109">109</a>, 정신건강 위기상담 <a href="tel:15770199">1577-0199</a>에서 24시간 이야기를 들어 드려요.</p>
`;

const marketingHtml = `
<p>리추얼은 회원님이 동의한 경우에만 새 리추얼 모집, 할인 쿠폰, 이벤트 소식을 보내 드립니다. 동의하지 않아도 서비스 이용에는 제한이 없습니다.</p>
<table>
  <thead>
    <tr><th scope="col">구분</th><th scope="col">내용</th></tr>
  </thead>
  <tbody>
    <tr><td>수집·이용 항목</td><td>이메일 주소, 휴대전화번호, 닉네임</td></tr>
    <tr><td>이용 목적</td><td>신규 리추얼·프로그램 안내, 할인 쿠폰 및 이벤트 정보 발송, 뉴스레터 발송</td></tr>
    <tr><td>발송 방법</td><td>이메일, 문자 메시지, 앱·웹 알림</td></tr>
    <tr><td>보유 및 이용 기간</td><td>동의 철회 또는 회원 탈퇴 시까지</td></tr>
  </tbody>
</table>
<h2>동의 철회</h2>
<p>받은 메일 하단의 ‘수신 거부’ 링크를 누르거나 1:1 문의로 요청하면 언제든지 동의를 철회할 수 있으며, 철회를 요청한 날부터 광고성 정보를 보내지 않습니다. 수신 동의 여부는 2년마다 다시 확인합니다.</p>
<p>야간(오후 9시부터 다음 날 오전 8시까지)에는 광고성 정보를 보내지 않습니다.</p>
`;

const brandStoryHtml = `
<p>리추얼은 “작은 습관이 쌓여 나를 바꾼다”는 믿음에서 시작했어요. 매일 아침 10분의 명상, 잠들기 전 한 줄의 회고처럼 사소해 보이는 시간이 모여 삶의 결을 바꾸는 모습을 수많은 멤버에게서 봐 왔어요.</p>
<h2>도구가 필요한 순간</h2>
<p>습관은 의지만으로 이어지지 않아요. 펼치기만 하면 쓰고 싶어지는 노트, 켜 두기만 해도 마음이 가라앉는 향, 손에 쥐면 몸이 먼저 기억하는 도구가 곁에 있을 때 리추얼은 훨씬 가벼워져요. 셀프케어 도구샵은 그 순간을 위해 만들었어요.</p>
<h2>우리가 고르는 기준</h2>
<ul>
  <li><strong>매일 쓰게 되는가</strong>: 서랍에 들어가지 않고 책상 위에 남는 물건만 골라요.</li>
  <li><strong>오래 쓸 수 있는가</strong>: 쉽게 닳거나 버려지지 않는 소재와 마감을 확인해요.</li>
  <li><strong>만든 사람이 보이는가</strong>: 국내 소규모 공방, 브랜드와 함께 기획하고 만들어요.</li>
</ul>
<h2>멤버와 함께 만들어요</h2>
<p>리추얼 노트의 여백, 명상 방석의 높이, 디퓨저의 향 하나까지 리추얼 멤버들의 후기와 설문을 바탕으로 고쳐 왔어요. 써 보고 아쉬운 점이 있다면 상품 후기나 1:1 문의로 들려주세요. 다음 제작에 꼭 반영할게요.</p>
`;

const shippingHtml = `
<h2>배송 기간</h2>
<ul>
  <li>평일 오후 1시까지 결제한 주문은 당일 출고하고, 이후 주문은 다음 영업일에 출고해요.</li>
  <li>출고 후 1~2영업일 안에 받아 보실 수 있어요. 주말과 공휴일에는 출고하지 않아요.</li>
  <li>주문 제작 상품은 상품 상세에 적힌 제작 기간이 지난 뒤 출고돼요.</li>
</ul>
<h2>배송비</h2>
<table>
  <thead>
    <tr><th scope="col">구분</th><th scope="col">배송비</th></tr>
  </thead>
  <tbody>
    <tr><td>기본 배송비</td><td>3,000원</td></tr>
    <tr><td>50,000원 이상 주문</td><td>무료</td></tr>
    <tr><td>제주 지역 추가 배송비</td><td>3,000원</td></tr>
    <tr><td>도서산간 지역 추가 배송비</td><td>5,000원</td></tr>
  </tbody>
</table>
<p>제주·도서산간 추가 배송비는 주문서에서 배송지 우편번호로 확인해 자동으로 더해져요.</p>
<h2>택배사와 배송 조회</h2>
<p>모든 상품은 CJ대한통운으로 보내 드려요. 출고되면 문자로 운송장 번호를 알려 드리고, 마이페이지의 주문 내역에서도 배송 상태를 확인할 수 있어요.</p>
<h2>알아 두세요</h2>
<ul>
  <li>출고 전까지는 마이페이지의 주문 내역에서 주문을 취소할 수 있어요. 배송지를 바꾸려면 1:1 문의로 알려 주세요.</li>
  <li>명절, 연말처럼 택배 물량이 많은 시기에는 배송이 1~2일 늦어질 수 있어요.</li>
  <li>해외 배송은 아직 지원하지 않아요.</li>
</ul>
`;

const returnsHtml = `
<h2>교환·반품 신청 기간</h2>
<ul>
  <li>단순 변심: 상품을 받은 날부터 7일 이내</li>
  <li>상품 불량·오배송: 상품을 받은 날부터 3개월 이내, 또는 그 사실을 안 날부터 30일 이내</li>
</ul>
<h2>신청 방법</h2>
<ol>
  <li>1:1 문의에서 ‘주문·배송’ 분류를 골라 주문 번호와 사유를 남겨 주세요.</li>
  <li>불량이나 오배송이라면 상품 상태가 보이는 사진을 함께 보내 주세요.</li>
  <li>접수 후 1영업일 안에 회수 기사님이 방문해요. 받은 상태 그대로 포장해 주세요.</li>
</ol>
<h2>배송비</h2>
<table>
  <thead>
    <tr><th scope="col">사유</th><th scope="col">교환</th><th scope="col">반품</th></tr>
  </thead>
  <tbody>
    <tr><td>단순 변심</td><td>왕복 6,000원</td><td>편도 3,000원 (무료 배송 주문은 6,000원)</td></tr>
    <tr><td>상품 불량·오배송</td><td>무료</td><td>무료</td></tr>
  </tbody>
</table>
<h2>교환·반품이 어려운 경우</h2>
<ul>
  <li>사용하거나 일부를 소비해 상품의 가치가 뚜렷하게 줄어든 경우 (향 제품의 개봉, 노트 필기 등)</li>
  <li>포장을 훼손해 다시 판매하기 어려운 경우 (내용 확인을 위한 개봉은 제외)</li>
  <li>이름 새김 등 주문 제작 상품으로, 제작 전에 그 사실을 안내하고 동의를 받은 경우</li>
  <li>시간이 지나 다시 판매하기 곤란할 만큼 상품의 가치가 줄어든 경우</li>
</ul>
<h2>환불</h2>
<p>회수한 상품을 확인한 날부터 3영업일 안에 결제한 수단으로 환불해 드려요. 카드 결제는 카드사 사정에 따라 취소 반영까지 3~5영업일이 더 걸릴 수 있어요. 사용한 쿠폰은 유효기간이 남아 있다면 다시 돌려드려요.</p>
`;

export async function seedPages(db: Db, now = new Date()): Promise<void> {
  const effective = termsEffectiveDates(now);
  const company = {
    name: env.COMPANY_NAME,
    ceo: env.COMPANY_CEO,
    address: env.COMPANY_ADDRESS,
    email: env.COMPANY_EMAIL,
    phone: env.COMPANY_PHONE,
  };
  await db.insert(pages).values([
    {
      slug: 'policy',
      title: '이용약관',
      description: '리추얼 서비스를 이용하는 데 필요한 회사와 회원의 권리, 의무, 책임을 안내합니다.',
      bodyHtml: sanitizeStaffHtml(policyHtml({ company, effectiveDate: koreanDate(effective.policy) })),
      effectiveAt: effective.policy,
    },
    {
      slug: 'privacy',
      title: '개인정보처리방침',
      description: '리추얼이 어떤 개인정보를 왜 수집하고 얼마나 보관하는지, 회원의 권리는 무엇인지 안내합니다.',
      bodyHtml: sanitizeStaffHtml(privacyHtml({ company, effectiveDate: koreanDate(effective.privacy) })),
      effectiveAt: effective.privacy,
    },
    {
      slug: 'community-guidelines',
      title: '커뮤니티 이용 수칙',
      description: '콘텐츠 광장과 리추얼 방에서 서로를 존중하며 이야기하기 위한 약속이에요.',
      bodyHtml: sanitizeStaffHtml(communityGuidelinesHtml),
    },
    {
      slug: 'marketing',
      title: '마케팅 정보 수신 동의',
      description: '새 리추얼과 혜택 소식을 받아 보는 데 필요한 정보와 철회 방법을 안내합니다.',
      bodyHtml: sanitizeStaffHtml(marketingHtml),
    },
  ]);
  await db.insert(storePages).values([
    {
      slug: 'brand-story',
      title: '브랜드 이야기',
      description: '작은 습관을 곁에서 돕는 셀프케어 도구를 만드는 이유를 들려드려요.',
      bodyHtml: sanitizeStaffHtml(brandStoryHtml),
    },
    {
      slug: 'shipping',
      title: '배송 안내',
      description: '출고 시간, 배송비, 제주·도서산간 배송과 배송 조회 방법을 안내해요.',
      bodyHtml: sanitizeStaffHtml(shippingHtml),
    },
    {
      slug: 'returns',
      title: '교환·환불 안내',
      description: '교환·반품 신청 기간과 방법, 배송비, 환불 시점을 안내해요.',
      bodyHtml: sanitizeStaffHtml(returnsHtml),
    },
  ]);
}
