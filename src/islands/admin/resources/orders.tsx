import { LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { ArrayField, Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { RaRecord, ResourceProps } from 'react-admin';
import { formatWon } from '../../../lib/numbers.ts';
import { ORDER_STATUS_LABELS } from '../../../lib/orders.ts';
import { formatPhoneNumber } from '../../../lib/phone-number.ts';
import { ItemRefundButton, OrderShowActions } from './order-actions.tsx';

const statusChoices = Object.entries(ORDER_STATUS_LABELS).map(([id, name]) => ({
  id,
  name,
}));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="주문번호, 회원 이메일·닉네임, 받는 분, 연락처" sx={{ minWidth: 320 }} />,
  <SelectInput key="status" source="status" label="주문 상태" choices={statusChoices} alwaysOn emptyText="전체" />,
];

const won = (source: string) => (record: RaRecord) => formatWon(Number(record[source] ?? 0));

function OrderList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="order_number" label="주문번호" sortable={false} />
        <TextField source="title" label="주문 상품" sortable={false} />
        <FunctionField label="주문자" sortable={false} render={(record: RaRecord) => (record.member_email ? `${record.member_nickname} (${record.member_email})` : '(탈퇴·삭제된 회원)')} />
        <TextField source="recipient_name" label="받는 분" sortable={false} emptyText="—" />
        <TextField source="status_label" label="상태" sortable={false} />
        <FunctionField source="amount" label="결제 금액" render={won('amount')} />
        <DateField source="created_at" label="주문 시각" showTime locales="ko-KR" />
      </Datagrid>
    </List>
  );
}

function OrderItems() {
  const order = useRecordContext<RaRecord & { actions: { refundable_item_ids: number[] } }>();
  if (!order?.actions) return null;
  return (
    <ArrayField source="items" label="주문 상품">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label="상품" render={(item: RaRecord) => (item.option_name ? `${item.name} (${item.option_name})` : item.name)} />
        <TextField source="quantity" label="수량" />
        <FunctionField label="금액" render={won('line_amount')} />
        <FunctionField label="할인" render={won('discount_share')} />
        <FunctionField label="환불" render={won('refunded_amount')} />
        <TextField source="status_label" label="상태" />
        <FunctionField label="" render={() => <ItemRefundButton orderId={order.id} refundableIds={order.actions.refundable_item_ids} />} />
      </Datagrid>
    </ArrayField>
  );
}

/**
 * Coming from the list, react-admin first shows the list's row (no items, member or steps) while
 * the order itself loads: the layout waits for the order.
 */
function OrderDetail({ children }: { children: ReactNode }) {
  const record = useRecordContext();
  if (!record?.actions) return <LinearProgress sx={{ m: 2 }} />;
  return <>{children}</>;
}

function OrderShow() {
  return (
    <Show actions={<OrderShowActions />}>
      <OrderDetail>
        <SimpleShowLayout>
          <TextField source="order_number" label="주문번호" />
          <TextField source="status_label" label="상태" />
          <FunctionField label="주문자" render={(record: RaRecord) => (record.member ? `${record.member.nickname} (${record.member.email}) · 회원 번호 ${record.member.id}` : '(탈퇴·삭제된 회원)')} />
          <DateField source="created_at" label="주문 시각" showTime locales="ko-KR" />
          <DateField source="paid_at" label="결제 시각" showTime locales="ko-KR" emptyText="—" />
          <OrderItems />
          <FunctionField
            label="금액"
            render={(record: RaRecord) =>
              `상품 ${formatWon(record.items_amount)} + 배송비 ${formatWon(record.shipping_fee + record.isolated_fee)} - 할인 ${formatWon(record.discount_amount)} = 결제 ${formatWon(record.amount)}` +
              (record.refunded_amount > 0 ? ` (환불 ${formatWon(record.refunded_amount)})` : '')
            }
          />
          <FunctionField
            label="배송지"
            render={(record: RaRecord) =>
              record.address ? `${record.recipient_name} · ${formatPhoneNumber(record.recipient_phone ?? '')} · (${record.postal_code}) ${record.address} ${record.address_detail ?? ''}` : '배송할 상품이 없는 주문이에요.'
            }
          />
          <TextField source="memo" label="배송 메모" emptyText="—" />
          <FunctionField label="택배사 · 운송장 번호" render={(record: RaRecord) => (record.tracking_number ? `${record.shipping_carrier} ${record.tracking_number}` : '—')} />
          <DateField source="shipped_at" label="발송 시각" showTime locales="ko-KR" emptyText="—" />
          <DateField source="delivered_at" label="배송 완료 시각" showTime locales="ko-KR" emptyText="—" />
          <ArrayField source="payments" label="결제">
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>결제 기록이 없어요.</span>}>
              <TextField source="provider" label="결제사" />
              <TextField source="payment_key" label="결제 키" />
              <FunctionField label="금액" render={won('amount')} />
              <TextField source="status" label="상태" />
              <DateField source="created_at" label="시각" showTime locales="ko-KR" />
            </Datagrid>
          </ArrayField>
          <ArrayField source="refunds" label="환불 내역">
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>환불 내역이 없어요.</span>}>
              <FunctionField label="금액" render={won('amount')} />
              <TextField source="reason" label="사유" />
              <TextField source="order_item_id" label="주문 상품 번호" emptyText="전체" />
              <DateField source="created_at" label="시각" showTime locales="ko-KR" />
            </Datagrid>
          </ArrayField>
        </SimpleShowLayout>
      </OrderDetail>
    </Show>
  );
}

/** Read and moved along, never edited or deleted: the order is the member's record of a sale. */
export const orders: ResourceProps = {
  name: 'orders',
  options: { label: '주문' },
  list: OrderList,
  show: OrderShow,
  recordRepresentation: 'order_number',
};
