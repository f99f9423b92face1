/**
 * The product page's buy box (src/components/store/ProductPurchase.astro): what can be bought
 * with the option and quantity chosen. The server prices the line again when it is added; these
 * only keep the box honest while the member chooses.
 */
import type { ProductDetail, ProductOptionData } from './store.ts';

export type Purchase = Pick<ProductDetail, 'id' | 'title' | 'sale_price' | 'stock' | 'is_sold_out' | 'options'>;

export interface PurchaseState {
  option: ProductOptionData | null;
  /** How many of the chosen option (or of the product, without options) can be bought. */
  stock: number;
  unitPrice: number;
  soldOut: boolean;
  total: number;
}

/** The option chosen when the page opens: the first one not sold out. */
export const firstAvailableOptionId = (product: Purchase): number | null => product.options.find((option) => !option.is_sold_out)?.id ?? null;

export function purchaseState(product: Purchase, optionId: number | null, quantity: number): PurchaseState {
  const option = product.options.find((candidate) => candidate.id === optionId) ?? null;
  const stock = product.options.length > 0 ? (option?.stock ?? 0) : product.stock;
  const unitPrice = product.sale_price + (option?.extra_price ?? 0);
  const soldOut = product.is_sold_out || (product.options.length > 0 && option === null) || stock === 0;
  return { option, stock, unitPrice, soldOut, total: unitPrice * quantity };
}

/** A typed or stepped quantity: a whole number within 1 and the stock (at least 1). */
export const clampQuantity = (value: number, stock: number): number => Math.min(Math.max(1, stock), Math.max(1, Math.trunc(value) || 1));

/** The line the cart or the temp cart is given. */
export const purchaseChoice = (product: Purchase, state: PurchaseState, quantity: number) => ({
  product_id: product.id,
  ...(state.option ? { product_option_id: state.option.id } : {}),
  quantity,
});
