/**
 * The checkout (/checkout): the lines, the address (none for a ritual session alone), the
 * 도서산간 surcharge and the coupon previewed as the member types, then POST /api/orders, whose
 * answer is the amount paid; then the payment step of the configured provider.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import { CHECKOUT_SUCCESS_PATH, testPaymentKey } from '../../lib/checkout.ts';
import type { CheckoutLine, CheckoutSource } from '../../lib/checkout.ts';
import { formatWon } from '../../lib/numbers.ts';
import type { OrderData } from '../../lib/orders.ts';
import { createCheckout } from '../../stores/checkout.ts';
import type { Address, AddressField, CodeOutcome } from '../../stores/checkout.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { CheckField, SelectField, TextField } from '../shared/form-fields.tsx';
import type { FieldNote } from '../shared/form-fields.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';
import { searchPostcode } from './postcode.ts';
import type { TossWidget } from './toss-widget.ts';
import '../shared/forms.css';
import './checkout.css';

export type PaymentProvider = 'test' | 'toss' | 'none';

interface Props {
  from: CheckoutSource;
  lines: CheckoutLine[];
  provider: PaymentProvider;
  tossClientKey: string | null;
}

const EMPTY_ADDRESS: Address = { recipient_name: '', recipient_phone: '', postal_code: '', address: '', address_detail: '', memo: '' };

const randomPart = (): string => crypto.randomUUID().replaceAll('-', '').slice(0, 16);

/** Where the test step sends the member: the same page Toss redirects to after its payment window. */
const testPaymentUrl = (order: OrderData, outcome: 'ok' | 'fail'): string => {
  const query = new URLSearchParams({ paymentKey: testPaymentKey(outcome, randomPart()), orderId: order.order_number, amount: String(order.amount) });
  return `${CHECKOUT_SUCCESS_PATH}?${query.toString()}`;
};

const codeNoteOf = (outcome: CodeOutcome): FieldNote | null => {
  if (outcome === null || outcome.tone === 'success') return outcome;
  const { failure } = outcome;
  return { tone: 'error', text: (isApiError(failure) ? failure.errors.code?.[0] : undefined) ?? failureMessages(failure)[0] ?? '' };
};

function Amounts({ rows, total, label }: { rows: { label: string; value: string; testId: string }[]; total: number; label: string }) {
  return (
    <dl className="checkout-amounts">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd className="won" data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
      <div className="checkout-amounts-total">
        <dt>{label}</dt>
        <dd className="won" data-testid="checkout-total">
          {formatWon(total)}
        </dd>
      </div>
    </dl>
  );
}

export function CheckoutForm({ from, lines, provider, tossClientKey }: Props) {
  const hydrated = useHydrated();
  const [checkout] = useState(() => createCheckout(from, lines));
  const { preview } = checkout;
  const coupons = useStore(checkout.$coupons);
  const couponId = useStore(checkout.$couponId);
  const discount = useStore(checkout.$discount);
  const region = useStore(checkout.$region);
  const order = useStore(checkout.$order);
  const { busy, errors, failure, code: codeOutcome } = useStore(checkout.$state);
  const [address, setAddress] = useState(EMPTY_ADDRESS);
  const [code, setCode] = useState('');
  const [postcodeNote, setPostcodeNote] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [toss, setToss] = useState<TossWidget | null>(null);
  // The payment window's own words; the checkout's failures come from the store.
  const [tossAlerts, setTossAlerts] = useState<string[]>([]);
  const alerts = failure === undefined ? tossAlerts : failureMessages(failure);

  useEffect(() => checkout.start(), [checkout]);

  const postalCode = address.postal_code.trim();
  useEffect(() => checkout.lookUpRegion(postalCode), [checkout, postalCode]);

  // The Toss widget is drawn once the order exists: its amount is the server's.
  useEffect(() => {
    if (!order) {
      setToss(null);
      return;
    }
    if (provider !== 'toss' || !tossClientKey) return;
    let current = true;
    import('./toss-widget.ts')
      .then(({ mountTossWidget }) =>
        mountTossWidget(tossClientKey, { orderNumber: order.order_number, title: order.title, amount: order.amount }, { methods: '#toss-payment-methods', agreement: '#toss-agreement' }),
      )
      .then((widget) => current && setToss(widget))
      .catch(() => current && setTossAlerts(['결제 화면을 불러오지 못했어요. 잠시 후 새로 고쳐 주세요.']));
    return () => {
      current = false;
    };
  }, [order, provider, tossClientKey]);

  const isolatedFee = preview.needs_address ? (region?.extra_fee ?? 0) : 0;
  const previewTotal = preview.items_amount + preview.shipping_fee + isolatedFee - discount;
  const field = (name: AddressField) => ({
    id: `checkout-${name.replaceAll('_', '-')}`,
    value: address[name],
    errors: errors[name],
    disabled: order !== null,
    onValue: (value: string) => setAddress((current) => ({ ...current, [name]: value })),
  });

  const findPostcode = async () => {
    setPostcodeNote(null);
    try {
      await searchPostcode(({ postalCode: found, address: road }) => setAddress((current) => ({ ...current, postal_code: found, address: road })));
    } catch {
      setPostcodeNote('주소 검색을 불러오지 못했어요. 우편번호와 주소를 직접 입력해 주세요.');
    }
  };

  const registerCode = async () => {
    if (code.trim() === '') return;
    if (await checkout.registerCode(code.trim())) setCode('');
  };

  const placeOrder = () => {
    setTossAlerts([]);
    void checkout.placeOrder(address);
  };

  // Toss answers in Korean when the member closes its window or a method refuses before any charge.
  const payWithToss = async () => {
    try {
      await toss?.pay();
    } catch (error) {
      setTossAlerts([error instanceof Error && error.message ? error.message : '결제를 마치지 못했어요. 다시 시도해 주세요.']);
    }
  };

  const locked = !hydrated || busy || order !== null;

  return (
    <div className="checkout">
      <div className="checkout-main">
        <section className="checkout-section" aria-labelledby="checkout-items-title">
          <h2 id="checkout-items-title">주문 상품</h2>
          <ul className="checkout-lines">
            {lines.map((line) => (
              <li key={`${line.kind}-${line.cart_item_id ?? line.product_id ?? line.ritual_session_id}-${line.option_name ?? ''}`} className="checkout-line">
                <div>
                  <p className="checkout-line-name">{line.name}</p>
                  {line.option_name && <p className="checkout-line-option">옵션: {line.option_name}</p>}
                  <p className="checkout-line-option">
                    {formatWon(line.unit_price)} · {line.kind === 'ritual_session' ? '리추얼 참가' : `${line.quantity}개`}
                  </p>
                </div>
                <strong className="won">{formatWon(line.line_total)}</strong>
              </li>
            ))}
          </ul>
        </section>

        {preview.needs_address && (
          <section className="checkout-section" aria-labelledby="checkout-address-title">
            <h2 id="checkout-address-title">배송지</h2>
            <TextField {...field('recipient_name')} label="받는 분" autoComplete="name" maxLength={30} />
            <TextField {...field('recipient_phone')} label="연락처" hint="숫자만 입력해도 돼요." type="tel" inputMode="tel" autoComplete="tel" maxLength={13} />
            <div className="checkout-postcode">
              <TextField
                {...field('postal_code')}
                label="우편번호"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                note={region?.is_isolated ? { tone: 'info', text: `${region.region ?? '도서산간'} 지역이라 추가 배송비 ${formatWon(region.extra_fee)}이 붙어요.` } : null}
                reserveNote
              />
              <button type="button" className="pill" disabled={locked} onClick={() => void findPostcode()}>
                우편번호 찾기
              </button>
            </div>
            {postcodeNote && (
              <p className="checkout-note" role="status">
                {postcodeNote}
              </p>
            )}
            <TextField {...field('address')} label="주소" autoComplete="address-line1" maxLength={200} />
            <TextField {...field('address_detail')} label="상세 주소" autoComplete="address-line2" maxLength={100} />
            <TextField {...field('memo')} label="배송 메모" hint="선택" maxLength={100} />
          </section>
        )}

        <section className="checkout-section" aria-labelledby="checkout-coupon-title">
          <h2 id="checkout-coupon-title">쿠폰</h2>
          <SelectField
            id="checkout-coupon"
            label="사용할 쿠폰"
            value={couponId}
            errors={errors.coupon_user_id}
            disabled={locked}
            onValue={checkout.chooseCoupon}
            options={[
              { value: '', label: coupons.length > 0 ? '쿠폰을 쓰지 않아요' : '쓸 수 있는 쿠폰이 없어요' },
              ...coupons.map((coupon) => ({ value: String(coupon.id), label: `${coupon.name} (${formatWon(coupon.discount)} 할인)` })),
            ]}
          />
          <form
            className="checkout-code"
            onSubmit={(event) => {
              event.preventDefault();
              void registerCode();
            }}
          >
            <TextField
              id="checkout-coupon-code"
              label="쿠폰 코드 등록"
              value={code}
              onValue={setCode}
              maxLength={40}
              autoComplete="off"
              disabled={locked}
              note={codeNoteOf(codeOutcome)}
              reserveNote
            />
            <button type="submit" className="pill" disabled={locked || code.trim() === ''}>
              등록
            </button>
          </form>
        </section>
      </div>

      <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">{order ? '결제할 금액' : '결제 예정 금액'}</h2>
        {order ? (
          <Amounts
            label="결제 금액"
            total={order.amount}
            rows={[
              { label: '상품 금액', value: formatWon(order.items_amount), testId: 'checkout-items' },
              { label: '배송비', value: formatWon(order.shipping_fee), testId: 'checkout-shipping' },
              ...(order.isolated_fee > 0 ? [{ label: '도서산간 추가 배송비', value: formatWon(order.isolated_fee), testId: 'checkout-isolated' }] : []),
              ...(order.discount_amount > 0 ? [{ label: '쿠폰 할인', value: `-${formatWon(order.discount_amount)}`, testId: 'checkout-discount' }] : []),
            ]}
          />
        ) : (
          <Amounts
            label="결제 예정 금액"
            total={previewTotal}
            rows={[
              { label: '상품 금액', value: formatWon(preview.items_amount), testId: 'checkout-items' },
              ...(preview.needs_address ? [{ label: '배송비', value: preview.shipping_fee === 0 ? '무료' : formatWon(preview.shipping_fee), testId: 'checkout-shipping' }] : []),
              ...(isolatedFee > 0 ? [{ label: '도서산간 추가 배송비', value: formatWon(isolatedFee), testId: 'checkout-isolated' }] : []),
              ...(discount > 0 ? [{ label: '쿠폰 할인', value: `-${formatWon(discount)}`, testId: 'checkout-discount' }] : []),
            ]}
          />
        )}

        {alerts.length > 0 && (
          <ul className="checkout-alerts" role="alert">
            {alerts.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}

        {!order && (
          <>
            <CheckField id="checkout-agree" label="주문 내용을 확인했으며 결제에 동의합니다." checked={agreed} onChecked={setAgreed} disabled={locked} />
            {provider === 'none' && (
              <p className="checkout-note" id="checkout-closed">
                지금은 결제를 받고 있지 않아요. 결제가 열리면 이 페이지에서 주문할 수 있어요.
              </p>
            )}
            <button
              type="button"
              className="pill pill-primary checkout-order"
              disabled={locked || !agreed || provider === 'none'}
              aria-describedby={provider === 'none' ? 'checkout-closed' : undefined}
              onClick={placeOrder}
            >
              {busy ? '주문서를 만드는 중…' : `${formatWon(previewTotal)} 주문하기`}
            </button>
          </>
        )}

        {order && provider === 'test' && (
          <div className="checkout-test" role="region" aria-labelledby="checkout-test-title">
            <h3 id="checkout-test-title">테스트 결제</h3>
            <p>이 서버는 테스트 결제로 동작해요. 실제 돈은 오가지 않고, 결제 결과만 흉내 내요.</p>
            <a className="pill pill-primary" href={testPaymentUrl(order, 'ok')}>
              {formatWon(order.amount)} 테스트 결제하기
            </a>
            <a className="pill" href={testPaymentUrl(order, 'fail')}>
              결제 거절 흉내 내기
            </a>
          </div>
        )}

        {order && provider === 'toss' && (
          <div className="checkout-toss">
            <div id="toss-payment-methods" />
            <div id="toss-agreement" />
            <button type="button" className="pill pill-primary checkout-order" disabled={!toss || busy} onClick={() => void payWithToss()}>
              {formatWon(order.amount)} 결제하기
            </button>
          </div>
        )}

        {order && (
          <button type="button" className="checkout-edit" disabled={busy} onClick={() => void checkout.editOrder()}>
            주문 내용 바꾸기
          </button>
        )}
      </aside>
    </div>
  );
}
