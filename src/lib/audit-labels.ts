/**
 * The console's words for what the server records in English (audit_logs.action, model_type):
 * staff read 숨김 · 댓글 #783, never `hide comment 783`. A value without a label (one added
 * later) is shown as it is rather than hidden.
 */

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: '등록',
  update: '수정',
  delete: '삭제',
  hide: '숨김',
  restore: '복원',
  dismiss: '신고 기각',
  suspend: '이용 정지',
  unsuspend: '이용 정지 해제',
  change_role: '역할 변경',
  limit_posting: '글쓰기 제한',
  lift_posting_limit: '글쓰기 제한 해제',
  add_member: '멤버 추가',
  remove_member: '멤버 내보내기',
  make_host: '호스트 지정',
  unmake_host: '호스트 해제',
  update_badges: '배지 변경',
  prepare: '상품 준비',
  ship: '발송',
  deliver: '배송 완료',
  refund: '전체 환불',
  refund_item: '상품 환불',
  issue: '쿠폰 지급',
  answer: '문의 답변',
  update_answer: '답변 수정',
};

export const MODEL_TYPE_LABELS: Record<string, string> = {
  user: '회원',
  square_post: '광장 글',
  square_post_category: '광장 게시판',
  ritual_session_post: '리추얼 방 글',
  comment: '댓글',
  inquiry: '문의',
  notice: '공지사항',
  faq: '자주 묻는 질문',
  faq_category: 'FAQ 분류',
  page: '페이지',
  store_page: '스토어 페이지',
  env: '설정값',
  banner: '배너',
  main: '메인 화면',
  main_banner: '메인 배너',
  theme: '테마',
  badge: '배지',
  ritual: '리추얼',
  ritual_session: '리추얼 세션',
  ritual_session_title: '세션 제목',
  ritual_session_check_in_text: '체크인 문구',
  program_event: '원데이 일정',
  off_the_record: '오프더레코드',
  off_the_record_category: '오프더레코드 분류',
  product: '상품',
  product_option: '상품 옵션',
  product_image: '상품 사진',
  order: '주문',
  coupon: '쿠폰',
  isolated_region: '도서산간 지역',
};

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

export const modelTypeLabel = (modelType: string): string => MODEL_TYPE_LABELS[modelType] ?? modelType;

/** `댓글 #783`: what was acted on, by its kind and number. */
export const targetLabel = (modelType: string, modelId: number | string | null): string =>
  modelId === null ? modelTypeLabel(modelType) : `${modelTypeLabel(modelType)} #${modelId}`;
