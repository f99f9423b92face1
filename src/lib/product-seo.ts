/**
 * The structured data of a product page (schema.org `Product` with its `Offer` and, once it has
 * reviews, `aggregateRating`), from the resource the API answers.
 */
import type { ProductDetail } from './store.ts';
import { SITE_NAME, absoluteUrl } from './seo.ts';
import type { JsonLd } from './seo.ts';

/** `url` is the product page's absolute canonical address. */
export function productJsonLd(product: ProductDetail, url: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.summary,
    url,
    sku: String(product.id),
    image: product.images.map((image) => absoluteUrl(url, image.url)),
    brand: { '@type': 'Brand', name: SITE_NAME },
    ...(product.theme ? { category: product.theme.name } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.sale_price,
      priceCurrency: 'KRW',
      availability: product.is_sold_out ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(product.review_summary.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.review_summary.average,
            reviewCount: product.review_summary.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
