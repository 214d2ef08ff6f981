import { OG_IMAGE, PRODUCT_NAME, type FigureTexts } from '../server-entry';
import { OG_FONT_FAMILY, OG_FONT_TEXT, OG_FONTS } from './og-fonts';

/** The share card (Open Graph / Twitter summary_large_image): 1200 × 630, the size both recommend. */
export const CARD_WIDTH = OG_IMAGE.width;
export const CARD_HEIGHT = OG_IMAGE.height;

/** The app's palette (web/src/app/styles.css): header gradient, page, tiles, tones. */
const COLOR = {
  page: '#f4f5fb',
  text: '#1f2937',
  label: '#4b5563',
  muted: '#646b78',
  border: '#e5e7eb',
  accent: '#6366f1',
  positive: '#047857',
  negative: '#dc2626',
  chip: '#eef2ff',
  chipBorder: '#c7d2fe',
  chipText: '#4338ca',
} as const;
const MARGIN = 60;

type Weight = 400 | 700;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** The characters of `text` as a reader counts them: an emoji with its modifiers, or a letter with its accents, is one. */
const charactersOf = (text: string) => Array.from(graphemes.segment(text), ({ segment }) => segment);

// Each of the fonts' characters stands alone (no accents to combine), so they line up with `advances` one for one.
const FONT_CHARACTERS = charactersOf(OG_FONT_TEXT);
const ADVANCES = new Map(OG_FONTS.map(({ weight, advances }) => [weight, new Map(FONT_CHARACTERS.map((char, i) => [char, advances[i] ?? 0]))]));
const DRAWN = new Set(FONT_CHARACTERS);
/** A character the fonts lack would be drawn by nothing (the image has no other fonts): it shows as '?'. */
const drawable = (text: string) => charactersOf(text).map((char) => (DRAWN.has(char) ? char : '?')).join('');

/** Width of drawable characters at `size` px (advance widths, no kerning: a hair wider than drawn, never narrower than the fit needs). */
function widthOf(characters: readonly string[], weight: Weight, size: number): number {
  const advances = ADVANCES.get(weight);
  return characters.reduce((sum, char) => sum + (advances?.get(char) ?? 0.6), 0) * size;
}

/** Width of `text` at `size` px, as drawn (see widthOf). */
export const textWidth = (text: string, weight: Weight, size: number): number => widthOf(charactersOf(drawable(text)), weight, size);

/** `text` at `size`, made smaller (down to `minSize`) and then cut with '…' until it is at most `maxWidth` wide. */
export function fitText(text: string, weight: Weight, size: number, minSize: number, maxWidth: number): { text: string; size: number } {
  const shown = drawable(text);
  const width = textWidth(shown, weight, size);
  if (width <= maxWidth) return { text: shown, size };
  const smaller = Math.floor((size * maxWidth) / width);
  if (smaller >= minSize) return { text: shown, size: smaller };
  let cut = charactersOf(shown);
  while (cut.length > 1 && widthOf([...cut, '…'], weight, minSize) > maxWidth) cut = cut.slice(0, -1);
  return { text: `${cut.join('').trimEnd()}…`, size: minSize };
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

interface TextStyle {
  x: number;
  y: number;
  size: number;
  minSize?: number;
  maxWidth: number;
  weight: Weight;
  fill: string;
  opacity?: number;
}

function text(content: string, style: TextStyle): string {
  const fitted = fitText(content, style.weight, style.size, style.minSize ?? style.size, style.maxWidth);
  const opacity = style.opacity === undefined ? '' : ` fill-opacity="${style.opacity}"`;
  return `<text x="${style.x}" y="${style.y}" font-family="${OG_FONT_FAMILY}" font-size="${fitted.size}" font-weight="${style.weight}" fill="${style.fill}"${opacity}>${escapeXml(fitted.text)}</text>`;
}

/** The app's header: its gradient, a server mark, the product name and one line under it. */
function header(intro: string): string {
  const logo = MARGIN;
  const textX = logo + 72 + 26;
  const maxWidth = CARD_WIDTH - MARGIN - textX;
  return [
    '<defs><linearGradient id="header" x1="0" y1="0" x2="1" y2="0.35">',
    '<stop offset="0" stop-color="#312e81"/><stop offset="0.55" stop-color="#4f46e5"/><stop offset="1" stop-color="#7c3aed"/>',
    '</linearGradient></defs>',
    `<rect width="${CARD_WIDTH}" height="160" fill="url(#header)"/>`,
    `<rect x="${logo}" y="44" width="72" height="72" rx="18" fill="#ffffff" fill-opacity="0.16"/>`,
    `<rect x="${logo + 18}" y="62" width="36" height="15" rx="4" fill="none" stroke="#ffffff" stroke-width="3.5"/>`,
    `<rect x="${logo + 18}" y="83" width="36" height="15" rx="4" fill="none" stroke="#ffffff" stroke-width="3.5"/>`,
    `<circle cx="${logo + 27}" cy="69.5" r="2.5" fill="#ffffff"/><circle cx="${logo + 27}" cy="90.5" r="2.5" fill="#ffffff"/>`,
    text(PRODUCT_NAME, { x: textX, y: 80, size: 44, minSize: 32, maxWidth, weight: 700, fill: '#ffffff' }),
    text(intro, { x: textX, y: 120, size: 25, minSize: 20, maxWidth, weight: 400, fill: '#ffffff', opacity: 0.85 }),
  ].join('');
}

interface Tile {
  label: string;
  value: string;
  subtitle: string;
  tone?: 'positive' | 'negative';
}

/** A result tile as the page draws it: white, a 3 px top border (indigo, or the tone's colour), label, value, subtitle. */
function tile({ label, value, subtitle, tone }: Tile, tileX: number, tileY: number, width: number, height: number): string {
  const top = tone ? COLOR[tone] : COLOR.accent;
  const inner = width - 2 * 32;
  return [
    `<rect x="${tileX}" y="${tileY}" width="${width}" height="${height}" rx="20" fill="${top}"/>`,
    `<rect x="${tileX}" y="${tileY + 6}" width="${width}" height="${height - 6}" rx="20" fill="#ffffff"/>`,
    `<rect x="${tileX + 0.5}" y="${tileY + 0.5}" width="${width - 1}" height="${height - 1}" rx="20" fill="none" stroke="${COLOR.border}"/>`,
    text(label, { x: tileX + 32, y: tileY + 52, size: 25, minSize: 20, maxWidth: inner, weight: 700, fill: COLOR.label }),
    text(value, { x: tileX + 32, y: tileY + 118, size: 58, minSize: 30, maxWidth: inner, weight: 700, fill: tone ? COLOR[tone] : COLOR.text }),
    text(subtitle, { x: tileX + 32, y: tileY + 152, size: 22, minSize: 18, maxWidth: inner, weight: 400, fill: COLOR.muted }),
  ].join('');
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">` +
  `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOR.page}"/>${body}</svg>`;

/** The card of one calculation: four of the page's figures as its tiles show them, and what the investment buys. */
function figuresCard(texts: FigureTexts): string {
  const tiles: Tile[] = [
    { label: 'Monthly SHM Rewards', value: texts.monthlyShm, subtitle: `${texts.monthlyUsd} per active node` },
    { label: 'Gross APY', value: texts.grossApy, subtitle: 'SHM rewards only vs stake value', tone: texts.grossApyPositive ? 'positive' : 'negative' },
    { label: 'Net APY', value: texts.netApy, subtitle: 'Profit after costs vs total capital', tone: texts.netApyPositive ? 'positive' : 'negative' },
    { label: 'Break Even Period', value: texts.breakEven, subtitle: "Until a node's profit repays its stake" },
  ];
  const gap = 30;
  const width = (CARD_WIDTH - 2 * MARGIN - gap) / 2;
  const height = 172;
  const body = tiles.map((item, i) => tile(item, MARGIN + (i % 2) * (width + gap), 190 + Math.floor(i / 2) * (height + 24), width, height));
  const footer = `${texts.investment} buys ${texts.nodes} · ${texts.stake} stake per node · SHM at ${texts.shmPrice}`;
  return svg(
    header('What a validator node makes with these inputs') +
      body.join('') +
      text(footer, { x: MARGIN, y: 602, size: 26, minSize: 18, maxWidth: CARD_WIDTH - 2 * MARGIN, weight: 400, fill: COLOR.muted }),
  );
}

/** The card of a page without figures (another page, the gate on, the calculation unavailable). */
function genericCard(): string {
  const chips = ['Monthly SHM Rewards', 'Gross & Net APY', 'Break Even', 'Projections'];
  let x = MARGIN;
  const chipRow = chips.map((label) => {
    const width = Math.ceil(textWidth(label, 700, 24)) + 48;
    const chip = `<rect x="${x}" y="478" width="${width}" height="56" rx="28" fill="${COLOR.chip}" stroke="${COLOR.chipBorder}" stroke-width="2"/>${text(label, { x: x + 24, y: 515, size: 24, maxWidth: width, weight: 700, fill: COLOR.chipText })}`;
    x += width + 16;
    return chip;
  });
  const maxWidth = CARD_WIDTH - 2 * MARGIN;
  return svg(
    header('Rewards, yields and break-even for a validator node') +
      text('Does running a Shardeum', { x: MARGIN, y: 280, size: 68, minSize: 48, maxWidth, weight: 700, fill: COLOR.text }) +
      text('validator node pay?', { x: MARGIN, y: 362, size: 68, minSize: 48, maxWidth, weight: 700, fill: COLOR.text }) +
      text('Monthly SHM rewards, APY and break-even from live network data, or your own figures.', {
        x: MARGIN,
        y: 428,
        size: 28,
        minSize: 20,
        maxWidth,
        weight: 400,
        fill: COLOR.muted,
      }) +
      chipRow.join(''),
  );
}

/** The SVG of the share card: the calculation's figures when there are some, else the generic card. */
export function ogCardSvg(figures: FigureTexts | null): string {
  return figures ? figuresCard(figures) : genericCard();
}
