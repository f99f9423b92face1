/**
 * The tool shop as the API answers it (API-CONVENTIONS.md "Store, cart and orders"): one type per
 * resource, written by src/server/modules/store/resource.ts and read by the pages and islands, and
 * the pure rules on prices and shipping that the server, the pages and the checkout share.
 */
import type { ReviewSummary } from './reviews.ts';

export type ProductStatus = 'on_sale' | 'sold_out' | 'hidden';
export type ProductSort = 'newest' | 'popular' | 'price_asc' | 'price_desc';

export const PRODUCT_SORTS: { value: ProductSort; label: string }[] = [
  { value: 'newest', label: '최신순' },
  { value: 'popular', label: '인기순' },
  { value: 'price_asc', label: '낮은 가격순' },
  { value: 'price_desc', label: '높은 가격순' },
];

export const SHOP_PATH = '/explorer/selfcare';
export const CART_PATH = '/cart';
export const productPath = (id: number): string => `${SHOP_PATH}/${id}`;

/** More of one line than anyone buys at once; the stock is the real bound. */
export const QUANTITY_MAX = 999;

export interface ProductOptionData {
  id: number;
  name: string;
  extra_price: number;
  stock: number;
  is_sold_out: boolean;
}

export interface ProductImageData {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface ShippingRule {
  /** 원 per order. */
  fee: number;
  /** Free from this items amount on; null: never free. */
  free_over: number | null;
}

export interface ProductBadge {
  id: number;
  name: string;
  text_color: string;
  background_color: string;
}

export interface ProductItem {
  id: number;
  title: string;
  summary: string;
  /** The list price. */
  price: number;
  /** What it sells for; equal to `price` when not discounted. */
  sale_price: number;
  /** Whole percent off the list price, 0 when none. */
  discount_rate: number;
  /** Without options: the product's own; with options: their sum. */
  stock: number;
  status: ProductStatus;
  is_sold_out: boolean;
  options: ProductOptionData[];
  images: ProductImageData[];
  theme: { id: number; name: string } | null;
  badges: ProductBadge[];
  shipping: ShippingRule;
  review_summary: ReviewSummary;
  created_at: string;
}

export interface ProductDetail extends ProductItem {
  /** Sanitised HTML, rendered as it is. */
  description_html: string;
}

export type CartLineProblem = 'sold_out' | 'stock_short' | null;

export interface CartLine {
  id: number;
  product: { id: number; title: string; image: ProductImageData | null };
  option: { id: number; name: string } | null;
  quantity: number;
  /** Sale price plus the option's extra price, as the server reads them now. */
  unit_price: number;
  line_total: number;
  /** How many can be ordered now. */
  stock: number;
  is_selected: boolean;
  /** Why the line cannot be ordered as it is; such a line is left out of the order. */
  problem: CartLineProblem;
  shipping: ShippingRule;
}

export interface CartSummary {
  items_amount: number;
  shipping_fee: number;
  /** The rule the order's shipping follows, null when nothing is chosen. */
  free_shipping_over: number | null;
  /** How much more makes shipping free; 0 when it already is or cannot be. */
  missing_for_free_shipping: number;
  amount: number;
  /** Chosen lines that can be ordered. */
  orderable_count: number;
}

export interface IsolatedRegionData {
  postal_code: string;
  is_isolated: boolean;
  region: string | null;
  extra_fee: number;
}

export const discountRate = (price: number, salePrice: number): number =>
  price > 0 && salePrice < price ? Math.floor(((price - salePrice) * 100) / price) : 0;

/**
 * One order's shipping: the largest fee among its products, waived when the items amount reaches
 * the free-shipping amount of those products (the largest, so that every product's rule is met);
 * a product that is never shipped free keeps the fee whatever the amount.
 */
export function shippingOf(lines: { line_total: number; shipping: ShippingRule }[]): {
  fee: number;
  freeOver: number | null;
  missing: number;
} {
  if (lines.length === 0) return { fee: 0, freeOver: null, missing: 0 };
  const amount = lines.reduce((sum, line) => sum + line.line_total, 0);
  const fee = Math.max(...lines.map((line) => line.shipping.fee));
  const thresholds = lines.map((line) => line.shipping.free_over);
  const freeOver = thresholds.includes(null) ? null : Math.max(...(thresholds as number[]));
  if (fee === 0) return { fee: 0, freeOver, missing: 0 };
  if (freeOver === null) return { fee, freeOver, missing: 0 };
  return amount >= freeOver ? { fee: 0, freeOver, missing: 0 } : { fee, freeOver, missing: freeOver - amount };
}

/** The cart's summary over the chosen lines that can be ordered. */
export function cartSummary(lines: CartLine[]): CartSummary {
  const ordered = lines.filter((line) => line.is_selected && line.problem === null);
  const itemsAmount = ordered.reduce((sum, line) => sum + line.line_total, 0);
  const shipping = shippingOf(ordered);
  return {
    items_amount: itemsAmount,
    shipping_fee: shipping.fee,
    free_shipping_over: shipping.freeOver,
    missing_for_free_shipping: shipping.missing,
    amount: itemsAmount + shipping.fee,
    orderable_count: ordered.length,
  };
}

/** The shipping rule in words, for the product page and the cart. */
export function shippingRuleText(rule: ShippingRule, won: (value: number) => string): string {
  if (rule.fee === 0) return '무료 배송';
  if (rule.free_over === null) return `배송비 ${won(rule.fee)}`;
  return `배송비 ${won(rule.fee)} (${won(rule.free_over)} 이상 구매 시 무료)`;
}

/** A temp-cart line: a product (with its option and quantity) or a ritual session. */
export interface TempCartItemData {
  id: number;
  product_id: number | null;
  product_option_id: number | null;
  ritual_session_id: number | null;
  quantity: number;
}
