import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageAssets } from './page-assets';
import { pageDocument } from './page-document';

/** A build as Vite's manifest describes it: the entry, two pages, a lazily loaded part of one, and their stylesheets. */
function build({ boot = true } = {}) {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-assets-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  const css = { 'index.css': 'body{margin:0}', 'network.css': '.net{color:red}', 'history.css': '.h{content:"</style><script>"}', 'admin.css': '.admin{}', 'risk.css': '.risk{}' };
  for (const [name, text] of Object.entries(css)) writeFileSync(path.join(dist, 'assets', name), text);
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      imports: ['_runtime.js'],
      dynamicImports: ['src/app/routes/network.tsx', 'src/app/routes/admin.tsx', 'src/risk-section.tsx'],
      css: ['assets/index.css'],
      assets: ['assets/InterVariable-latin-x1.woff2', 'assets/InterVariable-Italic-x2.woff2', 'assets/primeicons-used-x3.woff2'],
    },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/app/routes/network.tsx': { file: 'assets/network.js', imports: ['index.html', '_shared.js'], dynamicImports: ['src/history-card.tsx'], css: ['assets/network.css'] },
    'src/history-card.tsx': { file: 'assets/history-card.js', imports: ['_shared.js'], css: ['assets/history.css'] },
    'src/app/routes/admin.tsx': { file: 'assets/admin.js', imports: ['index.html'], css: ['assets/admin.css'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/risk-section.tsx': { file: 'assets/risk-section.js', imports: ['index.html'], css: ['assets/risk.css'] },
    ...(boot ? { 'build/boot.js': { file: 'assets/boot-x.js', src: 'build/boot.js' } } : {}),
  };
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}
const PAGES = ['src/app/routes/network.tsx', 'src/app/routes/admin.tsx'];

/** The state as a browser reads it back: the text of the script element, parsed. */
function stateIn(html: string): unknown {
  const [, state] = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html) ?? [];
  if (state === undefined) throw new Error('the page has no ssr-state script');
  return JSON.parse(state) as unknown;
}

describe('pageAssets: what a page rendered on the server loads, from the build manifest', () => {
  const assetsOf = pageAssets(build(), PAGES);
  if (!assetsOf) throw new Error('the build has a manifest');

  it('when a lazily loaded page is rendered, then its code is preloaded with the entry\'s, and its and its parts\' styles are inline', () => {
    const assets = assetsOf(['src/app/routes/network.tsx']);
    expect(assets.entry).toBe('/assets/index.js');
    expect(assets.boot).toBe('/assets/boot-x.js');
    expect(assets.preload.sort()).toEqual(['/assets/network.js', '/assets/runtime.js', '/assets/shared.js']);
    expect(assets.styles).toContain('body{margin:0}');
    expect(assets.styles).toContain('.net{color:red}');
    // The part loaded lazily is in the server's HTML: its styles are there from the first paint, its code loads later.
    expect(assets.styles).toContain('.h{');
    expect(assets.preload).not.toContain('/assets/history-card.js');
    // The calculator's lazily loaded parts are not this page's.
    expect(assets.styles).not.toContain('.risk{}');
  });

  it('when the calculator (in the entry) is rendered, then its parts\' styles come with it and no other page\'s code or styles', () => {
    const assets = assetsOf([]);
    expect(assets.preload).toEqual(['/assets/runtime.js']);
    expect(assets.styles).toBe('body{margin:0}\n.risk{}');
  });

  it('when a page is written, then each inline stylesheet is also named by a disabled link, so a lazy part\'s loader does not add it again after the page\'s own', () => {
    const html = pageDocument({ head: '<title>x</title>', html: '', state: {} }, assetsOf(['src/app/routes/network.tsx']));
    const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => link);
    expect(links.sort()).toEqual(
      ['/assets/history.css', '/assets/index.css', '/assets/network.css'].map((href) => `<link rel="stylesheet" href="${href}" disabled>`),
    );
  });

  it('when a stylesheet holds </style>, then it cannot end the inline style element', () => {
    const html = pageDocument({ head: '<title>x</title>', html: '', state: {} }, assetsOf(['src/app/routes/network.tsx']));
    expect(html.match(/<\/style>/gi)).toHaveLength(1);
  });

  it('when the page is written, then only the fonts of the first paint are preloaded', () => {
    expect(assetsOf([]).fonts).toEqual(['/assets/InterVariable-latin-x1.woff2', '/assets/primeicons-used-x3.woff2']);
  });

  it('when the build has no manifest (an older build), then there are no page assets: the server sends the app shell', () => {
    expect(pageAssets(mkdtempSync(path.join(tmpdir(), 'web-old-')), PAGES)).toBeNull();
  });
});

describe('pageDocument: the page the server sends', () => {
  const assetsOf = pageAssets(build(), PAGES);
  if (!assetsOf) throw new Error('the build has a manifest');

  it('when a page is written, then the app sits in #root, its state follows, its head tags are in the head, and it starts with the boot script', () => {
    const html = pageDocument({ head: '<title>New</title>\n<meta name="description" content="New" />', html: '<main>Results</main>', state: { router: {} } }, assetsOf([]));
    expect(html).toContain('<div id="root"><main>Results</main></div>');
    expect(stateIn(html)).toEqual({ router: {} });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.indexOf('<title>New</title>')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<script type="module" src="/assets/boot-x.js" data-app-entry="/assets/index.js" data-preload="/assets/runtime.js"></script>');
    // No stylesheet is fetched: the links there are disabled (named only).
    expect(html.match(/<link rel="stylesheet"(?![^>]* disabled>)/g)).toBeNull();
  });

  it('when an answer carries </script> and line separators (text from a link or the network), then they cannot end the state early and read back the same', () => {
    const hostile = { queries: [{ data: '</script><script>alert(1)</script>\u2028\u2029<!--' }] };
    const html = pageDocument({ head: '', html: '', state: hostile }, assetsOf([]));
    expect(html.match(/<script/g)).toHaveLength(2); // the boot script and the state, nothing more
    expect(stateIn(html)).toEqual(hostile);
  });

  it('when the build has no boot script, then the entry loads at once and the page\'s code is preloaded beside it', () => {
    const older = pageAssets(build({ boot: false }), PAGES);
    const html = pageDocument({ head: '', html: '', state: {} }, older?.(['src/app/routes/network.tsx']) ?? assetsOf([]));
    expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/network.js">');
  });
});
