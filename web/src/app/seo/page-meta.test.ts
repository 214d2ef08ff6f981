import { pageAt, SITEMAP_PATHS } from '../routes';
import type { CalculatorFigures } from './figures';
import { headTags, pageMeta as metaOf } from './page-meta';
import { figuresOf } from './test-figures';

/** What the page the router matches at `url` declares (its route's facts), as the server's render puts it in the head. */
const pageMeta = (url: URL, site: string, figures?: CalculatorFigures | null) => metaOf(pageAt(url.pathname), url, site, figures);

const SITE = 'https://calc.example.org';
const at = (pathAndQuery: string) => new URL(pathAndQuery, 'http://10.0.0.7:8080');
const PRODUCT = 'Shardeum Validator Node Calculator';

/** The tag lines of `html`, each as its name/property and content (or href). */
function tagsOf(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const line of html.split('\n')) {
    const meta = /^<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>$/.exec(line);
    const link = /^<link rel="canonical" href="([^"]*)" \/>$/.exec(line);
    const title = /^<title>(.*)<\/title>$/.exec(line);
    if (meta) tags.set(meta[1] as string, meta[2] as string);
    else if (link) tags.set('canonical', link[1] as string);
    else if (title) tags.set('title', title[1] as string);
    else throw new Error(`not a tag line: ${line}`);
  }
  return tags;
}

describe('pageMeta: what each page declares', () => {
  it.each([
    ['/', PRODUCT, `${SITE}/`],
    ['/calculator', PRODUCT, `${SITE}/calculator`],
    ['/network', `Network Data – ${PRODUCT}`, `${SITE}/network`],
    ['/methodology', `Methodology – ${PRODUCT}`, `${SITE}/methodology`],
    ['/api/docs', `API Documentation – ${PRODUCT}`, `${SITE}/api/docs`],
    ['/api', `API Documentation – ${PRODUCT}`, `${SITE}/api/docs`],
    ['/shm/admin', `Admin Panel – ${PRODUCT}`, `${SITE}/shm/admin`],
  ])('when %s is asked for, then its title is "%s" and its canonical address %s', (path, title, canonical) => {
    const meta = pageMeta(at(path), SITE);
    expect(meta.title).toBe(title);
    expect(meta.canonical).toBe(canonical);
  });

  it('when the pages are compared, then each public page has a description of its own, of search-snippet length', () => {
    const descriptions = ['/', '/network', '/methodology', '/api/docs', '/shm/admin'].map((p) => pageMeta(at(p), SITE).description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const description of descriptions) expect(description.length).toBeGreaterThan(50);
    for (const description of descriptions) expect(description.length).toBeLessThanOrEqual(160);
    expect(pageMeta(at('/api'), SITE).description).toBe(pageMeta(at('/api/docs'), SITE).description);
    expect(pageMeta(at('/'), SITE).description).toContain('Shardeum (SHM) validator node');
  });

  it('when the admin page is asked for, then it is noindex, nofollow and not in the sitemap', () => {
    expect(pageMeta(at('/shm/admin'), SITE).robots).toBe('noindex, nofollow');
    expect(SITEMAP_PATHS).not.toContain('/shm/admin');
  });

  it('when an unknown path is asked for, then it shows as the calculator but is noindex, with itself as canonical', () => {
    const meta = pageMeta(at('/no/such/page?totalNodes=300'), SITE);
    expect(meta.title).toBe(PRODUCT);
    expect(meta.robots).toBe('noindex');
    expect(meta.canonical).toBe(`${SITE}/no/such/page`);
    // Shared, it stands for the calculator with the same inputs.
    expect(meta.ogUrl).toBe(`${SITE}/?totalNodes=300`);
  });

  it('when a known page is asked for in other case or with a trailing slash (the router matches both), then it is that page', () => {
    expect(pageMeta(at('/Network/'), SITE)).toEqual(pageMeta(at('/network'), SITE));
    expect(pageMeta(at('/API/DOCS'), SITE).canonical).toBe(`${SITE}/api/docs`);
    expect(pageMeta(at('/network/'), SITE).robots).toBeUndefined();
  });

  it('when the public origin is given with a trailing slash, then addresses have no double slash', () => {
    expect(pageMeta(at('/network'), `${SITE}/`).canonical).toBe(`${SITE}/network`);
  });

  it('when a page other than the calculator is shared, then og:url is its canonical address and the image the generic card', () => {
    const meta = pageMeta(at('/methodology?totalNodes=300&utm_source=x'), SITE, figuresOf());
    expect(meta.ogUrl).toBe(`${SITE}/methodology`);
    expect(meta.image).toBe(`${SITE}/og/calculator.png`);
    expect(meta.description).not.toContain('654.55');
  });
});

describe('pageMeta: a calculator link with inputs', () => {
  const link = '/?totalNodes=300&standbyNodes=150&shmPrice=0.2&utm_source=chat';

  it('when the figures are given, then the description and the image alt text carry them as the page writes them', () => {
    const meta = pageMeta(at(link), SITE, figuresOf());
    for (const text of [meta.description, meta.imageAlt]) {
      expect(text).toContain('654.55 SHM ($82.80) a month');
      expect(text).toContain('gross APY 327.27%');
      expect(text).toContain('net APY 188.93%');
      expect(text).toContain('break-even in 7 months');
      expect(text).toContain('$10,000.00 buys 32 nodes');
    }
    expect(meta.imageAlt.startsWith(PRODUCT)).toBe(true);
  });

  it('when the node never repays its stake, then the description says there is no break-even', () => {
    expect(pageMeta(at(link), SITE, figuresOf({}, { breakEven: null })).description).toContain('no break-even');
  });

  it('when the link is opened, then the canonical address is the page without its query and og:url the link with its inputs only', () => {
    const meta = pageMeta(at(link), SITE, figuresOf());
    expect(meta.canonical).toBe(`${SITE}/`);
    expect(meta.ogUrl).toBe(`${SITE}/?totalNodes=300&standbyNodes=150&shmPrice=0.2`);
    expect(meta.image).toBe(`${SITE}/og/calculator.png?totalNodes=300&standbyNodes=150&shmPrice=0.2`);
    expect(meta.robots).toBeUndefined();
  });

  it('when the link names a display currency, then og:url keeps it and the card (in US dollars) does not', () => {
    const meta = pageMeta(at('/calculator?cur=EUR&totalNodes=300'), SITE);
    expect(meta.ogUrl).toBe(`${SITE}/calculator?cur=eur&totalNodes=300`);
    expect(meta.image).toBe(`${SITE}/og/calculator.png?totalNodes=300`);
  });

  it('when the link holds values the page refuses, then they are dropped as the page drops them', () => {
    const meta = pageMeta(at('/?totalNodes=abc&standbyNodes=-5&shmPrice=0.2&projectionMonths=0&cur=xyz'), SITE);
    expect(meta.ogUrl).toBe(`${SITE}/?shmPrice=0.2`);
    expect(meta.image).toBe(`${SITE}/og/calculator.png?shmPrice=0.2`);
  });

  it('when no figures are given (payment gate on, calculation unavailable), then the texts are the page\'s own', () => {
    const meta = pageMeta(at(link), SITE, null);
    expect(meta.description).toBe(pageMeta(at('/'), SITE).description);
    expect(meta.imageAlt).toBe(pageMeta(at('/'), SITE).imageAlt);
  });

  it('when the bare page is asked for, then figures stay out of its texts (it is the product, its card the generic one)', () => {
    const meta = pageMeta(at('/?utm_source=chat'), SITE, figuresOf());
    expect(meta.description).not.toContain('654.55');
    expect(meta.image).toBe(`${SITE}/og/calculator.png`);
    expect(meta.ogUrl).toBe(`${SITE}/`);
  });
});

describe('headTags', () => {
  it('when a page is rendered, then its head has the title, description, canonical, Open Graph and Twitter card tags', () => {
    const meta = pageMeta(at('/?totalNodes=300'), SITE, figuresOf());
    const tags = tagsOf(headTags(meta));
    expect(tags.get('title')).toBe(PRODUCT);
    expect(tags.get('canonical')).toBe(`${SITE}/`);
    expect(tags.get('og:type')).toBe('website');
    expect(tags.get('og:site_name')).toBe(PRODUCT);
    expect(tags.get('og:url')).toBe(`${SITE}/?totalNodes=300`);
    expect(tags.get('og:image')).toBe(`${SITE}/og/calculator.png?totalNodes=300`);
    expect(tags.get('og:image:width')).toBe('1200');
    expect(tags.get('og:image:height')).toBe('630');
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(tags.get('twitter:image')).toBe(tags.get('og:image'));
    expect(tags.get('twitter:title')).toBe(PRODUCT);
    expect(tags.get('description')).toContain('654.55 SHM ($82.80)');
    expect(tags.get('og:description')).toBe(tags.get('description'));
    expect(tags.get('twitter:description')).toBe(tags.get('description'));
    expect(tags.get('og:image:alt')).toContain('net APY 188.93%');
    expect(tags.has('robots')).toBe(false);
  });

  it('when the page is not to be indexed, then a robots meta tag says so', () => {
    expect(tagsOf(headTags(pageMeta(at('/shm/admin'), SITE))).get('robots')).toBe('noindex, nofollow');
  });

  it('when a link carries markup in its path and query, then nothing breaks out of an attribute or the title', () => {
    const hostile = at(`/"><script>alert(1)</script>?x="><script>alert(2)</script>&totalNodes=300"><img src=x onerror=alert(3)>`);
    const html = headTags(pageMeta(hostile, SITE));
    expect(html).not.toMatch(/<script|<img/i);
    // Every line is still exactly one well-formed tag.
    expect(() => tagsOf(html)).not.toThrow();
  });

  it('when the texts themselves hold quotes, ampersands and angle brackets, then they are escaped', () => {
    const html = headTags({
      title: 'A & B <i>"quoted"</i>',
      description: `it's "x" & <y>`,
      canonical: 'https://a.example/?a=1&b="2"',
      ogUrl: 'https://a.example/"><script>',
      image: "https://a.example/i.png?x='y'",
      imageAlt: '</title><script>',
    });
    expect(html).toContain('<title>A &amp; B &lt;i&gt;&quot;quoted&quot;&lt;/i&gt;</title>');
    expect(html).toContain('<meta name="description" content="it&#39;s &quot;x&quot; &amp; &lt;y&gt;" />');
    expect(html).toContain('<link rel="canonical" href="https://a.example/?a=1&amp;b=&quot;2&quot;" />');
    expect(html).not.toMatch(/<script|<\/title><script/);
    expect(() => tagsOf(html)).not.toThrow();
  });
});
