import { DELETION_PREVIEW_TEXT, cancelsAny, isPreviewEmpty, lineSentence, refundSentence, refundUnderWaySentence } from '../../lib/account-deletion.ts';
import type { DeletionPreview } from '../../lib/account-deletion.ts';
import './live-purchases.css';

/** What is still live on the account and what deleting it does to each: the deletion page's list. */
export function LivePurchases({ preview }: { preview: DeletionPreview }) {
  return (
    <section className="live-purchases" aria-labelledby="live-purchases-title">
      <h2 id="live-purchases-title">{DELETION_PREVIEW_TEXT.title}</h2>
      {isPreviewEmpty(preview) && <p className="live-purchases-empty">{DELETION_PREVIEW_TEXT.empty}</p>}
      {preview.orders.length > 0 && (
        <ul className="live-purchases-list">
          {preview.orders.map((order) => (
            <li key={order.order_id} className="live-purchase">
              <p className="live-purchase-head">
                <strong>{order.title}</strong>
                <span className="live-purchase-status">{order.status_label}</span>
              </p>
              <p className="live-purchase-number">주문번호 {order.order_number}</p>
              {cancelsAny(order) && <p className="live-purchase-outcome">{refundSentence(order)}</p>}
              <ul className="live-purchase-lines">
                {order.lines.map((line, index) => {
                  const sentence = lineSentence(line, order);
                  if (!sentence && order.lines.length === 1) return null;
                  return (
                    <li key={index}>
                      <span className="live-purchase-line-name">{line.name}</span>
                      {sentence && <span className="live-purchase-line-note">{sentence}</span>}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {preview.refunds_under_way.length > 0 && (
        <>
          <h3>{DELETION_PREVIEW_TEXT.underWay}</h3>
          <ul className="live-purchases-list">
            {preview.refunds_under_way.map((refund, index) => (
              <li key={`${refund.order_id}-${index}`} className="live-purchase">
                <p className="live-purchase-head">
                  <strong>{refund.title}</strong>
                </p>
                <p className="live-purchase-number">주문번호 {refund.order_number}</p>
                <p className="live-purchase-line-note">{refundUnderWaySentence(refund)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
