import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`), keyed by source file. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The manifest's key of the app's entry and of the boot script (web/build/boot-script.ts). */
const ENTRY = 'index.html';
const BOOT_SCRIPT = 'build/boot.js';
/**
 * The fonts the first paint uses: the Latin subset of the text font and the icons in use, which
 * web/build/subset-fonts.ts makes (the full fonts are for other characters and stay unfetched).
 */
const FIRST_PAINT_FONTS = /^assets\/(?:InterVariable-latin|primeicons-used)-[\w-]+\.woff2$/;

/** What a page rendered on the server loads, as URL paths. */
export interface PageAssets {
  /** The stylesheets the page's HTML needs, as one text for an inline `<style>`. */
  styles: string;
  /** Their URL paths (page-document.ts names them, so the app does not add them again). */
  inlined: string[];
  fonts: string[];
  /** The app's entry, and the script that imports it after the first paint (null: a build without it). */
  entry: string;
  boot: string | null;
  /** The code the page needs beside the entry, fetched with it. */
  preload: string[];
}

/**
 * Ours: Vite documents reading the manifest for a server of one's own (its "Backend Integration"
 * guide); the packages that do it are frameworks that would own this server and the build.
 *
 * The files of a page from the build's manifest: the entry's and the page module's code (each
 * chunk's imports followed), and the stylesheets of everything the page can render on the server
 * (the parts its module loads lazily too, so nothing moves when their code arrives), inline.
 * Another page's module is not followed. Null when the build has no manifest (an older build: the
 * app shell only).
 */
export function pageAssets(dist: string, pageModules: readonly string[]): ((modules: readonly string[]) => PageAssets) | null {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`${file} has no ${ENTRY}`);
  const url = (name: string) => `/${name}`;
  const styleText = new Map<string, string>();
  // A stylesheet cannot end its element early (`</style` inside a string or comment).
  const style = (name: string) => {
    let text = styleText.get(name);
    if (text === undefined) {
      text = readFileSync(path.join(dist, name), 'utf8').replace(/<\/style/gi, '<\\/style');
      styleText.set(name, text);
    }
    return text;
  };

  /** The chunks reached from `start` through static imports, and through lazy imports too when `lazy`. */
  const reach = (start: readonly string[], lazy: boolean, others: ReadonlySet<string>) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      const chunk = manifest[key];
      chunk.imports?.forEach(visit);
      // The entry's own lazy imports are the calculator's parts: followed only from the entry.
      const followLazy = lazy && (key !== ENTRY || start.includes(ENTRY));
      if (followLazy) chunk.dynamicImports?.filter((next) => !others.has(next)).forEach(visit);
    };
    start.forEach(visit);
    return [...seen].map((key) => manifest[key] as ManifestChunk);
  };

  const boot = manifest[BOOT_SCRIPT]?.file;
  const fonts = (entry.assets ?? []).filter((name) => FIRST_PAINT_FONTS.test(name)).map(url);
  return (modules) => {
    const start = [ENTRY, ...modules];
    const others = new Set(pageModules.filter((module) => !modules.includes(module)));
    const code = reach(start, false, others);
    // The parts a page loads lazily are its own module's (the calculator's are the entry's).
    const lazyFrom = modules.length ? modules : [ENTRY];
    const css = new Set([...code, ...reach(lazyFrom, true, others)].flatMap((chunk) => chunk.css ?? []));
    return {
      styles: [...css].map(style).join('\n'),
      inlined: [...css].map(url),
      fonts,
      entry: url(entry.file),
      boot: boot ? url(boot) : null,
      preload: code.map((chunk) => chunk.file).filter((name) => name !== entry.file && name.endsWith('.js')).map(url),
    };
  };
}
