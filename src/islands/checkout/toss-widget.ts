/**
 * Toss Payments' v2 payment widget, imported only when the provider is toss (the SDK then loads
 * its script from js.tosspayments.com, which the checkout page's policy allows).
 */
import { ANONYMOUS, loadTossPayments } from '@tosspayments/tosspayments-sdk';

export interface TossOrder {
  orderNumber: string;
  title: string;
  amount: number;
}

export interface TossWidget {
  pay: () => Promise<void>;
}

export async function mountTossWidget(clientKey: string, order: TossOrder, selectors: { methods: string; agreement: string }): Promise<TossWidget> {
  const toss = await loadTossPayments(clientKey);
  const widgets = toss.widgets({ customerKey: ANONYMOUS });
  await widgets.setAmount({ currency: 'KRW', value: order.amount });
  await Promise.all([widgets.renderPaymentMethods({ selector: selectors.methods }), widgets.renderAgreement({ selector: selectors.agreement })]);
  return {
    // Toss sends the member to one of these with paymentKey, orderId and amount (or code and message).
    pay: () =>
      widgets.requestPayment({
        orderId: order.orderNumber,
        orderName: order.title,
        successUrl: new URL('/checkout/success', window.location.origin).toString(),
        failUrl: new URL('/checkout/fail', window.location.origin).toString(),
      }),
  };
}
