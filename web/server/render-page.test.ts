import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fillTemplate, pageAssets } from './render-page';

const TEMPLATE = [
  '<!doctype html><html><head>',
  '<title>Old title</title>',
  '<meta name="description" content="Old description" />',
  '<script type="module" src="/assets/index-abc.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

/** The state as a browser reads it back: the text of the script element, parsed. */
function stateIn(html: string): unknown {
  const [, state] = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html) ?? [];
  if (state === undefined) throw new Error('the page has no ssr-state script');
  return JSON.parse(state) as unknown;
}

describe('fillTemplate: the build page with a server-rendered app', () => {
  it('when a page is filled, then the app sits in #root, its state follows, and the head has the new title and description instead of the old', () => {
    const html = fillTemplate(TEMPLATE, { html: '<main>Results</main>', state: { queries: [], deferred: ['risk-section'] } }, '<title>New</title><meta name="description" content="New" />');
    expect(html).toContain('<div id="root"><main>Results</main></div><script type="application/json" id="ssr-state">');
    expect(stateIn(html)).toEqual({ queries: [], deferred: ['risk-section'] });
    expect(html).not.toContain('Old title');
    expect(html).not.toContain('Old description');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.indexOf('<title>New</title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('when an answer carries </script> and line separators (text from a link or the network), then they cannot end the state early and read back the same', () => {
    const hostile = { queries: [{ key: ['x'], data: '</script><script>alert(1)</script>\u2028\u2029<!--', ageMs: 0 }], deferred: [] };
    const html = fillTemplate(TEMPLATE, { html: '', state: hostile }, '');
    expect(html.match(/<script/g)).toHaveLength(2); // the build's module script and the state, nothing more
    expect(stateIn(html)).toEqual(hostile);
  });

  it('when the template has no empty #root (a build that changed shape), then filling fails rather than sending a page without the app', () => {
    expect(() => fillTemplate('<html><body></body></html>', { html: '<main/>', state: { queries: [], deferred: [] } }, '')).toThrow(/#root/);
  });
});

describe('pageAssets: what a page rendered on the server loads', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-parts-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/index-abc.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, 'a.css'), '.a{color:red}');
  writeFileSync(path.join(dist, 'b.css'), '.b{content:"</style><script>"}');
  const parts = {
    one: { js: ['/assets/one.js', '/assets/shared.js'], css: ['/a.css'] },
    two: { js: ['/assets/two.js', '/assets/shared.js', '/assets/index-abc.js'], css: ['/a.css', '/b.css', '/assets/index-abc.css'] },
  };
  writeFileSync(path.join(dist, 'deferred-parts.json'), JSON.stringify({ boot: '/assets/boot-x.js', parts }));
  const serverPage = pageAssets(dist);
  const PAGE = TEMPLATE.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/runtime.js">\n</head>');

  it('when a page is shaped, then its stylesheet is inline and it starts with the boot script, which names the entry and the code to fetch after the paint', () => {
    const { template } = serverPage(PAGE, ['one', 'two']);
    expect(template).toContain('<style>body{margin:0}</style>');
    expect(template).not.toContain('rel="stylesheet"');
    expect(template).not.toContain('rel="modulepreload"');
    const boot = /<script type="module" src="\/assets\/boot-x\.js" data-app-entry="([^"]+)" data-preload="([^"]*)"><\/script>/.exec(template);
    expect(boot?.[1]).toBe('/assets/index-abc.js');
    // The page's own preload and each part's code once; the entry's own file is not repeated.
    expect(boot?.[2]?.split(' ').sort()).toEqual(['/assets/one.js', '/assets/runtime.js', '/assets/shared.js', '/assets/two.js']);
  });

  it('when two parts share a stylesheet, then it is inlined once; one the page already has is left out', () => {
    const { head } = serverPage(PAGE, ['one', 'two']);
    expect(head.match(/\.a\{color:red\}/g)).toHaveLength(1);
    expect(head).not.toContain('margin:0');
  });

  it('when a stylesheet holds </style>, then it cannot end the inline style element', () => {
    expect(serverPage(PAGE, ['two']).head.match(/<\/style>/gi)).toHaveLength(1);
  });

  it('when a part is unknown (built without it) or none was rendered, then nothing is added for parts', () => {
    expect(serverPage(PAGE, ['missing']).head).toBe('');
    expect(serverPage(PAGE, []).head).toBe('');
  });

  it('when the build has no boot script (an older build), then the entry stays and the parts\' code is preloaded beside it', () => {
    const old = mkdtempSync(path.join(tmpdir(), 'web-noboot-'));
    mkdirSync(path.join(old, 'assets'));
    writeFileSync(path.join(old, 'assets/index-abc.css'), 'body{margin:0}');
    writeFileSync(path.join(old, 'a.css'), '.a{color:red}');
    writeFileSync(path.join(old, 'deferred-parts.json'), JSON.stringify({ parts }));
    const shaped = pageAssets(old)(PAGE, ['one']);
    expect(shaped.template).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(shaped.head).toContain('<link rel="modulepreload" crossorigin href="/assets/one.js">');
  });
});
