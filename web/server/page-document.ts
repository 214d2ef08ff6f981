import type { PageAssets } from './page-assets';
import { SSR_STATE_ID, type RenderedPage } from './server-entry';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** `<` and the two line separators JSON allows but a script element does not: the state cannot end its element early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The HTML document of a page the server rendered, shaped so that its first paint needs no request
 * but the page itself (and its two fonts):
 * - its stylesheets inline (each would be a render-blocking request otherwise), each also named by
 *   a disabled `<link>` (never fetched, never applied): Vite's loader of a lazy part adds a part's
 *   stylesheets unless a `link[rel=stylesheet]` with that href is in the document, and one added
 *   again after the page's own would reorder the cascade once the page is taken over (the entry's
 *   general `.p-card` rules then beat a page's own: the network page's first card grew 8 px);
 * - the app's code fetched only once the page is painted: the page starts with the boot script
 *   (web/build/boot.js), which then imports the entry and preloads the page's code; the page is
 *   whole without it, so that code never competes with the page, its styles and fonts. A build
 *   without the boot script loads the entry at once, its code preloaded beside it;
 * - the state the browser takes the page over with, as JSON that does not run (the
 *   Content-Security-Policy allows no inline script).
 * The charset, viewport and theme colour are index.html's (the app shell's).
 */
export function pageDocument(page: Pick<RenderedPage, 'head' | 'html' | 'state'>, assets: PageAssets): string {
  const fonts = assets.fonts.map((href) => `<link rel="preload" href="${escapeAttribute(href)}" as="font" type="font/woff2" crossorigin="">`);
  const scripts = assets.boot
    ? [`<script type="module" src="${escapeAttribute(assets.boot)}" data-app-entry="${escapeAttribute(assets.entry)}" data-preload="${escapeAttribute(assets.preload.join(' '))}"></script>`]
    : [
        `<script type="module" crossorigin src="${escapeAttribute(assets.entry)}"></script>`,
        ...assets.preload.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
      ];
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    '    <meta name="theme-color" content="#4f46e5" />',
    ...page.head.split('\n').map((line) => `    ${line}`),
    // Before the inline styles (tens of kB): the fonts are asked for with the page's first bytes.
    ...[...fonts, ...scripts].map((line) => `    ${line}`),
    ...(assets.styles ? [`    <style>${assets.styles}</style>`] : []),
    ...assets.inlined.map((href) => `    <link rel="stylesheet" href="${escapeAttribute(href)}" disabled>`),
    '  </head>',
    '  <body>',
    `    <div id="root">${page.html}</div>`,
    `    <script type="application/json" id="${SSR_STATE_ID}">${scriptJson(page.state)}</script>`,
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}
