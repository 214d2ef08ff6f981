import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fillTemplate, partTags } from './render-page';

const TEMPLATE = [
  '<!doctype html><html><head>',
  '<title>Old title</title>',
  '<meta name="description" content="Old description" />',
  '<script type="module" src="/assets/index-abc.js"></script>',
  '<link rel="stylesheet" href="/assets/index-abc.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

/** The state as a browser reads it back: the text of the script element, parsed. */
const stateIn = (html: string) => JSON.parse(/<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html)![1]!) as unknown;

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

describe('partTags: what a page needs for the deferred parts it was rendered with', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-parts-'));
  writeFileSync(path.join(dist, 'a.css'), '.a{color:red}');
  writeFileSync(path.join(dist, 'b.css'), '.b{content:"</style><script>"}');
  writeFileSync(
    path.join(dist, 'deferred-parts.json'),
    JSON.stringify({
      one: { js: ['/assets/one.js', '/assets/shared.js'], css: ['/a.css'] },
      two: { js: ['/assets/two.js', '/assets/shared.js', '/assets/index-abc.js'], css: ['/a.css', '/b.css', '/assets/index-abc.css'] },
    }),
  );
  const tags = partTags(dist);

  it('when two parts share files, then each file is preloaded or inlined once; files the page already loads are left out', () => {
    const head = tags(TEMPLATE, ['one', 'two']);
    expect(head.match(/rel="modulepreload"/g)).toHaveLength(3);
    expect(head).toContain('href="/assets/one.js"');
    expect(head).toContain('href="/assets/two.js"');
    expect(head).not.toContain('index-abc');
    expect(head.match(/\.a\{color:red\}/g)).toHaveLength(1);
  });

  it('when a stylesheet holds </style>, then it cannot end the inline style element', () => {
    const head = tags(TEMPLATE, ['two']);
    expect(head.match(/<\/style>/gi)).toHaveLength(1);
  });

  it('when a part is unknown (built without it) or none was rendered, then nothing is added', () => {
    expect(tags(TEMPLATE, ['missing'])).toBe('');
    expect(tags(TEMPLATE, [])).toBe('');
  });

  it('when the build lists no parts (an older build), then pages get no part tags', () => {
    expect(partTags(mkdtempSync(path.join(tmpdir(), 'web-noparts-')))(TEMPLATE, ['one'])).toBe('');
  });
});
