import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { RaRecord } from 'react-admin';
import { toApiError } from '../../../lib/api-errors.ts';
import type { ValidationErrors } from '../../../lib/api-errors.ts';
import { quietApi } from '../../../lib/browser-api.ts';
import { formatWon } from '../../../lib/numbers.ts';
import { SHIPPING_CARRIERS } from '../../../lib/orders.ts';

/** What GET /api/admin/orders/{id} says may be done with the order now. */
interface OrderStepsOpen {
  prepare: boolean;
  ship: boolean;
  deliver: boolean;
  refund: boolean;
  refundable_item_ids: number[];
}

type OrderRecord = RaRecord & {
  amount: number;
  refunded_amount: number;
  actions: OrderStepsOpen;
};

/** One console action: the request, a notice of how it went, the order read again. */
function useOrderAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (path: string, body: Record<string, unknown>, done: string): Promise<ValidationErrors | null> => {
    setBusy(true);
    try {
      await quietApi.post(path, body);
      notify(done, { type: 'success' });
      refresh();
      return null;
    } catch (failure) {
      const error = toApiError(failure);
      notify(error.message, { type: 'error' });
      // A 409 means the order moved on meanwhile: show it as it now is.
      if (error.status === 409) refresh();
      return error.errors;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

function ShipDialog({ orderId, onClose }: { orderId: number | string; onClose: () => void }) {
  const { run, busy } = useOrderAction();
  const [carrier, setCarrier] = useState<string>(SHIPPING_CARRIERS[0]);
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<ValidationErrors>({});
  const submit = async () => {
    const failed = await run(`/api/admin/orders/${orderId}/shipping`, { shipping_carrier: carrier, tracking_number: tracking }, '발송 처리했어요. 회원의 주문 상세에 운송장 번호가 보여요.');
    if (failed) setErrors(failed);
    else onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="ship-title" fullWidth maxWidth="xs">
      <DialogTitle id="ship-title">발송 처리</DialogTitle>
      <DialogContent>
        <TextField
          select
          label="택배사"
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
          error={Boolean(errors.shipping_carrier)}
          helperText={errors.shipping_carrier?.join(' ')}
          fullWidth
          margin="normal"
        >
          {SHIPPING_CARRIERS.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="운송장 번호"
          value={tracking}
          onChange={(event) => setTracking(event.target.value)}
          error={Boolean(errors.tracking_number)}
          helperText={errors.tracking_number?.join(' ') ?? '숫자만 입력해도 되고, 하이픈은 빼고 저장해요.'}
          autoComplete="off"
          fullWidth
          margin="normal"
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          취소
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          발송 처리하기
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface RefundTarget {
  orderId: number | string;
  /** Null: everything of the order still paid. */
  item: { id: number; name: string } | null;
}

function RefundDialog({ target, onClose }: { target: RefundTarget; onClose: () => void }) {
  const { run, busy } = useOrderAction();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<ValidationErrors>({});
  const title = target.item ? '이 상품을 환불할까요?' : '주문 전체를 환불할까요?';
  const submit = async () => {
    const body = {
      ...(target.item ? { order_item_id: target.item.id } : {}),
      ...(reason.trim() ? { reason } : {}),
    };
    const failed = await run(`/api/admin/orders/${target.orderId}/refund`, body, target.item ? '상품을 환불했어요.' : '주문 전체를 환불했어요.');
    if (failed) setErrors(failed);
    else onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-title" fullWidth maxWidth="xs">
      <DialogTitle id="refund-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {target.item ? `${target.item.name}의 결제 금액을 결제사를 통해 돌려드려요. 되돌릴 수 없어요.` : '아직 환불하지 않은 상품과 배송비를 결제사를 통해 모두 돌려드려요. 되돌릴 수 없어요.'}
        </DialogContentText>
        <TextField
          label="환불 사유 (회원에게 보여요, 비우면 판매자 취소)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(errors.reason)}
          helperText={errors.reason?.join(' ')}
          fullWidth
          margin="normal"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          취소
        </Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={busy}>
          환불하기
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The order page's toolbar: only the steps the server says are open show. */
export function OrderShowActions() {
  const record = useRecordContext<OrderRecord>();
  const { run, busy } = useOrderAction();
  const [dialog, setDialog] = useState<'ship' | 'refund' | null>(null);
  // The list's row stands in while the order loads: it says nothing of the steps yet.
  if (!record?.actions) return <TopToolbar />;
  const open = record.actions;
  return (
    <TopToolbar>
      {open.prepare && (
        <Button disabled={busy} onClick={() => void run(`/api/admin/orders/${record.id}/preparing`, {}, '상품 준비 중으로 바꿨어요.')}>
          배송 준비
        </Button>
      )}
      {open.ship && (
        <Button variant="contained" disabled={busy} onClick={() => setDialog('ship')}>
          발송 처리
        </Button>
      )}
      {open.deliver && (
        <Button variant="contained" disabled={busy} onClick={() => void run(`/api/admin/orders/${record.id}/delivered`, {}, '배송 완료로 바꿨어요.')}>
          배송 완료
        </Button>
      )}
      {open.refund && <Button color="error" disabled={busy} onClick={() => setDialog('refund')}>{`환불 (${formatWon(record.amount - record.refunded_amount)})`}</Button>}
      {dialog === 'ship' && <ShipDialog orderId={record.id} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundDialog target={{ orderId: record.id, item: null }} onClose={() => setDialog(null)} />}
    </TopToolbar>
  );
}

/** An item row's 이 상품 환불, where the server allows refunding it alone. */
export function ItemRefundButton({ orderId, refundableIds }: { orderId: number | string; refundableIds: number[] }) {
  const item = useRecordContext<RaRecord & { id: number; name: string; option_name: string | null }>();
  const [open, setOpen] = useState(false);
  if (!item || !refundableIds.includes(item.id)) return null;
  const name = item.option_name ? `${item.name} (${item.option_name})` : item.name;
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)} aria-label={`이 상품 환불: ${name}`}>
        이 상품 환불
      </Button>
      {open && <RefundDialog target={{ orderId, item: { id: item.id, name } }} onClose={() => setOpen(false)} />}
    </>
  );
}
