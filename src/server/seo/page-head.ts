// The <head> of a crawlable page: title, description, canonical address, Open Graph and Twitter cards (what a
// shared WhatsApp link shows), and the JSON-LD blocks. Everything the owner wrote is escaped.
import { CURRENCY_CODE } from '../../domain/constants';
import { SHOP_NAME } from '../../domain/page-meta';
import { escapeHtml, jsonForScript } from './html';
import { absoluteUrl } from './product-images';

export interface HeadPicture {
  url: string;
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
  type?: string | undefined;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absent on pages that must not be indexed (the 404 page). */
  canonicalPath?: string;
  robots?: string;
  ogType: 'website' | 'product';
  picture?: HeadPicture | undefined;
  /** The lowest price, for Open Graph's product:price. */
  price?: number | undefined;
  structuredData: unknown[];
}

const meta = (attr: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attr}="${key}" content="${escapeHtml(String(content))}" />`;

export function renderHead(head: PageHead, origin: string): string {
  const url = head.canonicalPath ? absoluteUrl(origin, head.canonicalPath) : undefined;
  const picture = head.picture;
  const pictureUrl = picture ? absoluteUrl(origin, picture.url) : undefined;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.robots ? meta('name', 'robots', head.robots) : '',
    url ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    url ? meta('property', 'og:url', url) : '',
    ...(picture && pictureUrl
      ? [
          meta('property', 'og:image', pictureUrl),
          picture.type ? meta('property', 'og:image:type', picture.type) : '',
          picture.width ? meta('property', 'og:image:width', picture.width) : '',
          picture.height ? meta('property', 'og:image:height', picture.height) : '',
          meta('property', 'og:image:alt', picture.alt),
        ]
      : []),
    ...(head.price !== undefined
      ? [meta('property', 'product:price:amount', head.price), meta('property', 'product:price:currency', CURRENCY_CODE)]
      : []),
    meta('name', 'twitter:card', picture ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(picture && pictureUrl ? [meta('name', 'twitter:image', pictureUrl), meta('name', 'twitter:image:alt', picture.alt)] : []),
    // Data blocks, not scripts: the browser never runs them, so the page's CSP (script-src 'self') has nothing to allow.
    ...head.structuredData.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
