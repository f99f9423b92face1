import { useState } from 'react';
import { COUPON_PAGE } from '../../lib/notifications.ts';
import { registerCoupon } from '../../lib/api/coupons.ts';
import { TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { useForm } from '../shared/use-form.ts';
import './orders.css';

const CODE_REQUIRED = '쿠폰 코드를 입력해 주세요.';

/**
 * 쿠폰 등록 on /mypage/coupon: the code to the wallet, then the page again on its 사용 가능 tab,
 * which lists the new coupon from the server and says it was added (`?registered=`).
 */
export function CouponRegisterForm() {
  const [busy, setBusy] = useState(false);
  const form = useForm({ code: '' }, { order: ['code'] });
  const { values, field, fieldId } = form;

  const onSubmit = async () => {
    if (busy) return;
    const code = values.code.trim();
    if (!code) {
      form.showInvalid({ code: [CODE_REQUIRED] });
      return;
    }
    setBusy(true);
    form.setMessages([]);
    try {
      const data = await registerCoupon({ code });
      window.location.assign(`${COUPON_PAGE}?registered=${data.id}`);
    } catch (error) {
      setBusy(false);
      form.showFailure(error);
    }
  };

  return (
    <Form onSubmit={onSubmit} compact className="coupon-register">
      <TextField {...field('code')} label="쿠폰 코드" placeholder="받으신 쿠폰 코드를 입력해 주세요" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} aria-required />
      <SubmitButton label="쿠폰 등록" busyLabel="등록하는 중…" busy={busy} />
      <FormAlert id={fieldId('alert')} messages={form.messages} />
    </Form>
  );
}
