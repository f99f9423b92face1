import { discountRate } from '../../../lib/store.ts';
import type { CartLine, ProductDetail, ProductImageData, ProductItem, ShippingRule, TempCartItemData } from '../../../lib/store.ts';
import type { Product, ProductImage, TempCartItem } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';
import type { CartLineView } from './cart-service.ts';
import { isProductSoldOut } from './product-service.ts';
import type { ProductView } from './product-service.ts';

const imageResource = (image: ProductImage): ProductImageData => ({ url: image.url, alt: image.alt, width: image.width, height: image.height });

const shippingResource = (product: Product): ShippingRule => ({ fee: product.shippingFee, free_over: product.freeShippingOver });

export const productItemResource = ({ product, theme, options, images, badges, reviews }: ProductView): ProductItem => ({
  id: product.id,
  title: product.title,
  summary: product.summary,
  price: product.price,
  sale_price: product.salePrice,
  discount_rate: discountRate(product.price, product.salePrice),
  stock: options.length > 0 ? options.reduce((sum, option) => sum + option.stock, 0) : product.stock,
  status: product.status,
  is_sold_out: isProductSoldOut(product, options),
  options: options.map((option) => ({
    id: option.id,
    name: option.name,
    extra_price: option.extraPrice,
    stock: option.stock,
    is_sold_out: product.status !== 'on_sale' || option.stock === 0,
  })),
  images: images.map(imageResource),
  theme,
  badges: badges.map((badge) => ({ id: badge.id, name: badge.name, text_color: badge.textColor, background_color: badge.backgroundColor })),
  shipping: shippingResource(product),
  review_summary: { count: reviews.count, average: reviews.average, photo_count: reviews.photoCount },
  created_at: apiTime(product.createdAt),
});

// The description is the copy sanitised before it was stored; it is sent as it is.
export const productDetailResource = (view: ProductView): ProductDetail => ({
  ...productItemResource(view),
  description_html: view.product.descriptionHtml,
});

export const cartLineResource = (line: CartLineView): CartLine => ({
  id: line.id,
  product: { id: line.product.id, title: line.product.title, image: line.image ? imageResource(line.image) : null },
  option: line.option ? { id: line.option.id, name: line.option.name } : null,
  quantity: line.quantity,
  unit_price: line.unitPrice,
  line_total: line.unitPrice * line.quantity,
  stock: line.stock,
  is_selected: line.isSelected,
  problem: line.problem,
  shipping: shippingResource(line.product),
});

export const tempCartItemResource = (item: TempCartItem): TempCartItemData => ({
  id: item.id,
  product_id: item.productId,
  product_option_id: item.productOptionId,
  ritual_session_id: item.ritualSessionId,
  quantity: item.quantity,
});
