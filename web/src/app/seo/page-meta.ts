import { OG_IMAGE, PRODUCT_NAME } from '../../../server/server-entry';
import { parseInputs, writeInputs } from '../../lib/calculation-query';
import { CURRENCY_KEY, parseCurrency } from '../../lib/currency';
import { figuresSentence, type CalculatorFigures } from './figures';

/** What a page declares in its <head> (docs/seo.md). Every URL is absolute, on the public origin. */
export interface PageMeta {
  title: string;
  description: string;
  /** The one address search engines should index for this page (no query). */
  canonical: string;
  /** The address a shared link stands for (og:url); a calculator link keeps its inputs. */
  ogUrl: string;
  /** The share card (og:image, twitter:image), 1200 × 630 PNG. */
  image: string;
  imageAlt: string;
  /** `noindex, nofollow` and the like; absent for a page to be indexed. */
  robots?: string;
}

/**
 * What a page declares for its <head> (its route's `handle.page`, src/app/routes.tsx): the facts
 * `pageMeta` turns into tags for an address.
 */
export interface Page {
  /** The path the page is indexed under; absent: the address's own path (the router's fallback). */
  canonicalPath?: string;
  title: string;
  description: string;
  /** The calculator: its link's inputs go into og:url and the card. */
  calculator?: boolean;
  robots?: string;
  /** Listed in sitemap.xml. */
  inSitemap?: boolean;
}

/** A page's title: its name, then the product's. */
export const titled = (name: string) => `${name} – ${PRODUCT_NAME}`;
const CALCULATOR_DESCRIPTION =
  'Estimate monthly SHM rewards, gross and net APY and break-even for running a Shardeum (SHM) validator node, from live network data or your own figures.';

/** The calculator, at `canonicalPath`: its link's inputs go into og:url and the card. */
export const calculatorPage = (canonicalPath: string, inSitemap: boolean): Page => ({
  canonicalPath,
  title: PRODUCT_NAME,
  description: CALCULATOR_DESCRIPTION,
  calculator: true,
  inSitemap,
});

/** Any other path shows the calculator (the router's fallback) but is not a page of its own. */
export const UNKNOWN_PAGE: Page = { title: PRODUCT_NAME, description: CALCULATOR_DESCRIPTION, calculator: true, robots: 'noindex' };

/** The calculator's inputs of `search` in the calculator's own order, invalid ones dropped (as the page drops them): `?…` or ''. */
export const calculatorQuery = (search: string): string => writeInputs(parseInputs(search), '');

/** The link's inputs plus its display currency (`cur`), when it names one other than USD. */
function shareQuery(search: string): string {
  const currency = parseCurrency(new URLSearchParams(search).get(CURRENCY_KEY));
  return writeInputs(parseInputs(search), currency === 'usd' ? '' : `${CURRENCY_KEY}=${currency}`);
}

const GENERIC_ALT = `${PRODUCT_NAME}: does running a Shardeum validator node pay? Monthly SHM rewards, APY and break-even.`;

/**
 * The <head> facts of the page at `url` (its path and query; the host is ignored) on the site at
 * `publicUrl` (the web server's PUBLIC_ORIGIN, an absolute origin). `figures`: what the calculator shows for this
 * link, when the server has them; they go into the description and the card's alt text when the link
 * carries calculator inputs (the bare page is described as the product, like its card).
 */
export function pageMeta(page: Page, url: URL, publicUrl: string, figures?: CalculatorFigures | null): PageMeta {
  const origin = new URL(publicUrl).origin;
  const known = page.canonicalPath !== undefined;
  const canonical = `${origin}${page.canonicalPath ?? url.pathname}`;
  const robots = page.robots ? { robots: page.robots } : {};
  if (!page.calculator) {
    const image = `${origin}${OG_IMAGE.path}`;
    return { title: page.title, description: page.description, canonical, ogUrl: canonical, image, imageAlt: GENERIC_ALT, ...robots };
  }
  // A link to the calculator is shared for its figures: og:url and the card keep its inputs (a
  // fallback path shares as `/`, the page it shows).
  const ogUrl = `${origin}${known ? page.canonicalPath : '/'}${shareQuery(url.search)}`;
  const inputs = calculatorQuery(url.search);
  // Only a link with inputs speaks of figures: the bare page (whose figures follow the network) is the product.
  const sentence = figures && inputs ? figuresSentence(figures) : null;
  return {
    title: page.title,
    description: sentence ? `A Shardeum validator node with these inputs: ${sentence}` : page.description,
    canonical,
    ogUrl,
    image: `${origin}${OG_IMAGE.path}${inputs}`,
    imageAlt: sentence ? `${PRODUCT_NAME}: ${sentence}` : GENERIC_ALT,
    ...robots,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The <head> markup of `meta`, <title> included: it replaces both the <title> and the
 * <meta name="description"> of index.html. One tag a line; every text and attribute escaped.
 */
export function headTags(meta: PageMeta): string {
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    ...(meta.robots ? [named('robots', meta.robots)] : []),
    property('og:type', 'website'),
    property('og:site_name', PRODUCT_NAME),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.ogUrl),
    property('og:image', meta.image),
    property('og:image:type', 'image/png'),
    property('og:image:width', String(OG_IMAGE.width)),
    property('og:image:height', String(OG_IMAGE.height)),
    property('og:image:alt', meta.imageAlt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', meta.image),
    named('twitter:image:alt', meta.imageAlt),
  ].join('\n');
}
