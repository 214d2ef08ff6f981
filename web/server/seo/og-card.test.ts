import { CARD_WIDTH, fitText, ogCardSvg, textWidth } from './og-card';
import { OG_FONT_TEXT } from './og-fonts';
import { figuresOf } from './test-figures';

/** The text of every <text> element, in order (entities decoded). */
const textsOf = (svg: string) =>
  [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) =>
    (m[1] as string).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
  );
/** The fill of the <text> whose content is `text`. */
const fillOf = (svg: string, text: string) => new RegExp(`<text [^>]*fill="(#[0-9a-f]{6})"[^>]*>${text.replace(/[.$]/g, '\\$&')}</text>`).exec(svg)?.[1];

describe('the share card (SVG)', () => {
  it('when figures are given, then it shows the product and four tiles with the figures as the page writes them', () => {
    const texts = textsOf(ogCardSvg(figuresOf()));
    expect(texts).toEqual(
      expect.arrayContaining([
        'Shardeum Validator Node Calculator',
        'Monthly SHM Rewards',
        '654.55 SHM',
        '$82.80 per active node',
        'Gross APY',
        '327.27%',
        'Net APY',
        '188.93%',
        'Break Even Period',
        '7 months',
        '$10,000.00 buys 32 nodes · 2,400 SHM stake per node · SHM at $0.1265',
      ]),
    );
  });

  it('when an APY is above 0, then it is green, and at 0 or below red, as the tiles are', () => {
    const svg = ogCardSvg(figuresOf({ grossApy: '12.50%', netApy: '-4.25%', netApyPositive: false }));
    expect(fillOf(svg, '12.50%')).toBe('#047857');
    expect(fillOf(svg, '-4.25%')).toBe('#dc2626');
    expect(fillOf(ogCardSvg(figuresOf({ netApy: '0.00%', netApyPositive: false })), '0.00%')).toBe('#dc2626');
  });

  it('when the node never repays its stake and buys one node, then the card says Never and 1 node', () => {
    const texts = textsOf(ogCardSvg(figuresOf({ investment: '$400.00', breakEven: 'Never', breakEvenPhrase: 'no break-even', nodes: '1 node' })));
    expect(texts).toContain('Never');
    expect(texts.some((t) => t.startsWith('$400.00 buys 1 node ·'))).toBe(true);
  });

  it('when no figures are given, then it is the generic card asking whether a validator pays', () => {
    const texts = textsOf(ogCardSvg(null));
    expect(texts).toContain('Shardeum Validator Node Calculator');
    expect(texts.join(' ')).toContain('Does running a Shardeum validator node pay?');
    expect(texts.join(' ')).not.toMatch(/\d+\.\d\d%/);
  });

  it('when the figures are extreme, then every line still fits the card and uses only characters its fonts have', () => {
    const cards = [
      ogCardSvg(null),
      ogCardSvg(figuresOf()),
      ogCardSvg(
        // What the page writes for absurd inputs (web/src/app/seo/figures.test.ts).
        figuresOf({
          monthlyShm: '1,234,500,000,000,000,000.00 SHM',
          monthlyUsd: '$98,700,000,000,000,000.00',
          grossApy: '1,000,000,000,000.00%',
          netApy: '-1,000,000,000,000.00%',
          netApyPositive: false,
          breakEven: '83,333,333.3 years',
          investment: '$123,456,789,012.00',
          nodes: '1,000,000 nodes',
          stake: '1,000,000,000,000 SHM',
          shmPrice: '$12,345.6789',
        }),
      ),
    ];
    for (const svg of cards) {
      for (const m of svg.matchAll(/<text x="(\d+(?:\.\d+)?)" [^>]*font-size="(\d+)" font-weight="(400|700)"[^>]*>([^<]*)<\/text>/g)) {
        const [, x, size, weight, content] = m as unknown as [string, string, string, string, string];
        const shown = content.replace(/&amp;/g, '&').replace(/&apos;/g, "'");
        expect(Number(x) + textWidth(shown, Number(weight) as 400 | 700, Number(size))).toBeLessThanOrEqual(CARD_WIDTH - 60 + 1);
        for (const char of shown) expect(OG_FONT_TEXT).toContain(char);
      }
    }
  });
});

describe('fitText', () => {
  it('when the text fits, then it keeps its size', () => {
    expect(fitText('7 months', 700, 58, 30, 460)).toEqual({ text: '7 months', size: 58 });
  });

  it('when the text is too wide, then it gets smaller, just enough to fit', () => {
    const wide = '1,234,567,890.12 SHM';
    const fitted = fitText(wide, 700, 58, 30, 500);
    expect(fitted.text).toBe(wide);
    expect(fitted.size).toBeLessThan(58);
    expect(fitted.size).toBeGreaterThanOrEqual(30);
    expect(textWidth(wide, 700, fitted.size)).toBeLessThanOrEqual(500);
    expect(textWidth(wide, 700, fitted.size + 1)).toBeGreaterThan(500);
  });

  it('when even the smallest size is too wide, then the text is cut with an ellipsis', () => {
    const fitted = fitText('x'.repeat(200), 400, 20, 20, 300);
    expect(fitted.size).toBe(20);
    expect(fitted.text.endsWith('…')).toBe(true);
    expect(textWidth(fitted.text, 400, 20)).toBeLessThanOrEqual(300);
  });

  it('when the text has a character the fonts lack, then it is drawn as ?', () => {
    expect(fitText('€5 ₹', 400, 20, 20, 500).text).toBe('?5 ?');
    // One character as a reader sees it, one '?': an emoji with a skin tone, a letter with a combining accent.
    expect(fitText('\u{1F44D}\u{1F3FD} 5 e\u0301', 400, 20, 20, 500).text).toBe('? 5 ?');
  });
});
