import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Keeps the selectors `keep` accepts: a rule loses the selectors it refuses and goes when none is
 * left; @media, @supports and @layer are trimmed inside; other at-rules (@font-face, @keyframes)
 * and comments-free declarations stay as they are. Enough for the well-formed stylesheets we give it
 * (PrimeReact's theme, PrimeIcons), not a general CSS parser.
 */
export function trimCss(css: string, keep: (selector: string) => boolean): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = nextOutside(css, i, '{;');
    if (open < 0) {
      out += css.slice(i);
      break;
    }
    if (css[open] === ';') {
      out += css.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    const close = matchingBrace(css, open);
    const prelude = css.slice(i, open).replace(/\/\*[\s\S]*?\*\//g, '').trim();
    const body = css.slice(open + 1, close);
    i = close + 1;
    if (/^@(?:media|supports|layer|container)\b/i.test(prelude)) {
      const inner = trimCss(body, keep);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`;
    } else {
      const selectors = splitOutside(prelude, ',').map((s) => s.trim()).filter(Boolean).filter(keep);
      if (selectors.length) out += `${selectors.join(',')}{${body}}`;
    }
  }
  return out;
}

/** The index of the first of `chars` at or after `from` outside comments, strings and parentheses; -1 if none. */
function nextOutside(css: string, from: number, chars: string): number {
  let depth = 0;
  for (let i = from; i < css.length; i += 1) {
    const c = css[i] as string;
    if (c === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1 || css.length;
    else if (c === '"' || c === "'") i = endOfString(css, i);
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (depth === 0 && chars.includes(c)) return i;
  }
  return -1;
}

function endOfString(css: string, start: number): number {
  for (let i = start + 1; i < css.length; i += 1) {
    if (css[i] === '\\') i += 1;
    else if (css[i] === css[start]) return i;
  }
  return css.length;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1 || css.length;
    else if (c === '"' || c === "'") i = endOfString(css, i);
    else if (c === '{') depth += 1;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces in CSS from offset ${open}`);
}

function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let at = nextOutside(text, 0, separator); at >= 0; at = nextOutside(text, start, separator)) {
    parts.push(text.slice(start, at));
    start = at + 1;
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * PrimeReact components whose theme rules the app has no use for (it uses button, card, inputtext,
 * inputtextarea, inputswitch, dropdown, dialog, tabview, tag, toast, progressspinner,
 * tooltip, ripple). A selector naming one of these (`.p-datatable…`) is left out of the theme.
 * Add a component here only when nothing in src/ renders it.
 */
export const UNUSED_PRIME_COMPONENTS = [
  'accordion', 'autocomplete', 'avatar', 'badge', 'blockui', 'breadcrumb', 'calendar', 'carousel', 'cascadeselect',
  'checkbox', 'chip', 'chips', 'colorpicker', 'column', 'confirm', 'contextmenu', 'datascroller', 'datatable',
  'datepicker', 'dataview', 'divider', 'dock', 'editor', 'fieldset', 'fileupload', 'galleria', 'image', 'inplace',
  'inputnumber', 'inputotp', 'knob', 'listbox', 'megamenu', 'mention', 'menu', 'menubar', 'menuitem', 'message',
  'metergroup', 'monthpicker', 'multiselect', 'orderlist', 'organizationchart', 'overlaypanel', 'paginator', 'panel',
  'panelmenu', 'password', 'picklist', 'progressbar', 'radiobutton', 'rating', 'scrollpanel', 'scrolltop', 'selectbutton', 'sidebar',
  'skeleton', 'slidemenu', 'slider', 'sortable', 'speeddial', 'splitbutton', 'splitter', 'stepper', 'steps', 'submenu',
  'tabmenu', 'tabmenuitem', 'terminal', 'tieredmenu', 'timeline', 'timepicker', 'togglebutton', 'toolbar', 'tree',
  'treenode', 'treeselect', 'treetable', 'tristatecheckbox', 'virtualscroller', 'yearpicker',
];

/** Every `pi-<name>` written anywhere under `dir` (the icons the app can show). */
export function iconsUsedIn(dir: string): Set<string> {
  const names = new Set<string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(?:tsx?|css|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(file, 'utf8').matchAll(/\bpi-[a-z0-9-]+/g)) names.add(match[0]);
      }
    }
  };
  walk(dir);
  return names;
}

/**
 * Vite plugin: PrimeReact's theme without the rules of components the app does not use, and
 * PrimeIcons without the icons it does not show (`.pi-<name>:before` rules for names that appear
 * nowhere in `srcDir`). Both stylesheets keep everything else: variables, fonts, shared classes.
 */
export function trimPrimeCss({ srcDir, unused = UNUSED_PRIME_COMPONENTS }: { srcDir: string; unused?: string[] }): Plugin {
  const unusedRoots = new Set(unused);
  const namesUnused = (selector: string) =>
    [...selector.matchAll(/\.p-([a-z0-9]+)/gi)].some((m) => unusedRoots.has((m[1] as string).toLowerCase()));
  let icons: Set<string> | undefined;
  return {
    name: 'shm:trim-prime-css',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const file = id.replace(/\\/g, '/').replace(/\?.*$/, '');
      if (/\/primereact\/resources\/themes\/[^/]+\/theme\.css$/.test(file)) {
        return { code: trimCss(code, (selector) => !namesUnused(selector)), map: null };
      }
      if (/\/primeicons\/primeicons\.css$/.test(file)) {
        icons ??= iconsUsedIn(srcDir);
        const used = icons;
        return {
          code: trimCss(code, (selector) => {
            const icon = /^\.(pi-[a-z0-9-]+):+before$/.exec(selector.trim());
            return !icon || used.has(icon[1] as string);
          }),
          map: null,
        };
      }
      return undefined;
    },
  };
}
