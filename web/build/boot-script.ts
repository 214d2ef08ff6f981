import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The boot script's name in the build's manifest (`.vite/manifest.json`), where web/server finds its hashed file. */
export const BOOT_SCRIPT = 'build/boot.js';

/**
 * Vite plugin: emits `boot.js` (hashed, listed in the manifest under BOOT_SCRIPT), the script a page
 * the server rendered starts with: it loads the app once the page is painted (web/server/page-assets.ts).
 */
export function bootScript(): Plugin {
  return {
    name: 'shm:boot-script',
    apply: 'build',
    generateBundle() {
      const source = readFileSync(new URL('./boot.js', import.meta.url), 'utf8');
      this.emitFile({ type: 'asset', name: 'boot.js', originalFileName: BOOT_SCRIPT, source });
    },
  };
}
