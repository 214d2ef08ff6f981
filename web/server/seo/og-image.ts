import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import type { FigureTexts } from '../server-entry';
import { ogCardSvg } from './og-card';
import { OG_FONT_FAMILY, OG_FONTS } from './og-fonts';

/** Cards kept rendered: a card is 130 to 150 kB of PNG, so at most about 15 MB. */
export const RENDERED_CARDS = 100;

let fontFiles: string[] | undefined;

/**
 * resvg's Node binding reads fonts from files only: the card's two (og-fonts.ts) are written once per
 * process into a directory of its own under the temporary directory (a tmpfs in the containers, whose
 * root file system is read-only), removed when the process exits; written again should something
 * clean the temporary directory meanwhile (resvg would draw the card without its texts).
 */
function cardFonts(): string[] {
  if (fontFiles?.every((file) => existsSync(file))) return fontFiles;
  const dir = mkdtempSync(path.join(tmpdir(), 'shm-og-fonts-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  fontFiles = OG_FONTS.map(({ weight, ttf }) => {
    const file = path.join(dir, `inter-${weight}.ttf`);
    writeFileSync(file, Buffer.from(ttf, 'base64'));
    return file;
  });
  return fontFiles;
}

const rendered = new LRUCache<string, Promise<Buffer>>({ max: RENDERED_CARDS });

/**
 * The PNG of an SVG card. resvg draws it on libuv's thread pool (parsing and drawing, 15 to 20 ms on one
 * core); only the PNG encoding (about 12 ms) runs on the event loop.
 */
async function renderPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, {
    // No system fonts: the card is drawn with its own, the same on every machine (the image has none).
    font: { loadSystemFonts: false, fontFiles: cardFonts(), defaultFontFamily: OG_FONT_FAMILY, sansSerifFamily: OG_FONT_FAMILY },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  });
  return image.asPng();
}

/**
 * The share card as a 1200 × 630 PNG: the calculation's key figures, or the generic card for null.
 * Memoised by the card's content (not by the link: the same link can show other figures once the
 * network moves), the last RENDERED_CARDS cards; a card asked for again while it renders waits for
 * that one render.
 */
export function renderOgImage(figures: FigureTexts | null): Promise<Buffer> {
  const svg = ogCardSvg(figures);
  const key = createHash('sha256').update(svg).digest('base64url');
  const cached = rendered.get(key);
  if (cached) return cached;
  const png = renderPng(svg);
  rendered.set(key, png);
  png.catch(() => rendered.delete(key));
  return png;
}
