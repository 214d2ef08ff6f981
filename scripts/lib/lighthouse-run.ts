// Lighthouse on the running product, shared by `npm run lighthouse` (scripts/lighthouse.ts: the
// targets, several runs, any flag state) and the `lighthouse` tier of `npm test` (the floors, one run).
// `measure` builds the SPA when its build is stale, starts the whole product on the given ports as an
// operator runs it (no test settings: the web entry believes no X-Forwarded-For, the stand-in serves
// its default data), waits for live network data, sets each flag state through the admin API
// (admin-flags.ts), audits every page with every preset in one headless Chromium, writes the
// reports, and puts the flags back as they were. `report` (lighthouse-report.ts) prints one line per
// page, preset and flag state and says what is below its thresholds.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type runLighthouse from 'lighthouse';
import { log } from './deps';
import { ensureChromium, ensureWebBuilt, launchChromium } from './lighthouse-browser';
import type { Ports } from './processes';
import type { Env } from './stack';

/** Lighthouse's result for one page (its `lhr`). */
export type Lhr = NonNullable<Awaited<ReturnType<typeof runLighthouse>>>['lhr'];

export type Preset = 'desktop' | 'mobile';
export type MetricKey = 'fcp' | 'lcp' | 'tbt' | 'cls';

/** Score floors per preset and category, and timing ceilings (`preset`/`page` narrow where one applies). */
export interface Thresholds {
  scores: Partial<Record<string, Record<string, number>>>;
  metrics: { metric: MetricKey; max: number; preset?: string; page?: string }[];
}

/** One audited page: the run kept (median performance) and every run's performance score. */
export interface Measured {
  page: string;
  preset: string;
  state: string;
  lhr: Lhr;
  performanceRuns: (number | null)[];
}

export interface Miss {
  what: string;
  value: string;
  limit: string;
  details: string[];
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The pages a visitor opens first (the calculator, the network page, the formulas, the API docs). */
export const PAGES = ['/', '/network', '/methodology', '/api/docs'];
/** Lighthouse's desktop preset, and its default: a mid-range phone on slow 4G with a 4x slower CPU (simulated). */
export const PRESETS: Preset[] = ['desktop', 'mobile'];

/** The timing figures printed per run; `value` is the audit's numericValue (ms, CLS unitless). */
export const METRICS: Record<MetricKey, { audit: string; label: string; show: (value: number) => string }> = {
  fcp: { audit: 'first-contentful-paint', label: 'FCP', show: (ms) => `${(ms / 1000).toFixed(2)} s` },
  lcp: { audit: 'largest-contentful-paint', label: 'LCP', show: (ms) => `${(ms / 1000).toFixed(2)} s` },
  tbt: { audit: 'total-blocking-time', label: 'TBT', show: (ms) => `${Math.round(ms)} ms` },
  cls: { audit: 'cumulative-layout-shift', label: 'CLS', show: (value) => value.toFixed(3) },
};

/**
 * What `npm run lighthouse` holds the product to: category scores (0–1) per preset, and timing
 * ceilings (`metric` of METRICS, `max` in its unit; `preset`/`page` narrow where one applies).
 * Desktop performance 1.0 means a 99 is a miss and is reported as one.
 */
export const TARGETS: Thresholds = {
  scores: {
    desktop: { performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 },
    mobile: { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 },
  },
  metrics: [
    { metric: 'cls', max: 0.02 },
    { metric: 'fcp', max: 1500, preset: 'mobile', page: '/' },
    { metric: 'lcp', max: 2000, preset: 'mobile', page: '/' },
  ],
};

/**
 * What the `lighthouse` tier of `npm test` fails below: one run per page and preset, on a 2-core
 * machine that other work shares. Performance is timing, and timing there is noise: Lighthouse's
 * simulated phone multiplies the CPU time the page really took, so a busy core costs one mobile run
 * 10–15 points (`/` scored 92–96 on mobile with the machine quiet, 79–87 with it shared:
 * docs/performance.md) and a desktop run up to about 10 (TBT, on the longer pages). The floors sit
 * that far under the targets (mobile 95 → 80, desktop 100 → 90): the tier fails on a page that got
 * really slower (a blocking script, a big chunk more on the first page), not on a neighbour's build.
 * Accessibility, best practices and SEO do not depend on timing; their floors leave room for one
 * minor miss and no more: in accessibility (weights summing to about 186) one weight-10 audit costs
 * 5 points, in best practices (about 28) a weight-1 audit such as a console error costs 4, in SEO
 * (about 11) a weight-1 audit such as robots.txt or the meta description costs 9; a second miss, or
 * a heavy one (a page not crawlable: 37 SEO points), fails. CLS ≤ 0.1 (the target is 0.02) is the
 * "good" boundary of the Core Web Vitals: a shift that size is one a visitor sees whatever the CPU.
 */
export const FLOORS: Thresholds = {
  scores: {
    desktop: { performance: 0.9, accessibility: 0.95, 'best-practices': 0.95, seo: 0.9 },
    mobile: { performance: 0.8, accessibility: 0.95, 'best-practices': 0.95, seo: 0.9 },
  },
  metrics: [{ metric: 'cls', max: 0.1 }],
};

/** The named flag states of `--flags`; any other state is the flags that are on, joined by `+`. */
type FlagsOf = (names: string[]) => Record<string, boolean>;
export const FLAG_STATES: Record<string, { describe: string; flags: FlagsOf }> = {
  all: { describe: 'every flag on (the payment gate too)', flags: (names) => Object.fromEntries(names.map((name) => [name, true])) },
  'gate-off': {
    describe: 'the payment gate off, every other flag on',
    flags: (names) => Object.fromEntries(names.map((name) => [name, name !== 'paymentGate'])),
  },
  none: { describe: 'every flag off (as a fresh install starts)', flags: (names) => Object.fromEntries(names.map((name) => [name, false])) },
};

/** `all,gate-off` → ['all', 'gate-off'] (checked against the flag names by resolveFlagStates). */
export function parseFlagStates(text: string): string[] {
  const states = text.split(',').map((state) => state.trim()).filter(Boolean);
  if (!states.length) throw new Error('--flags needs at least one flag state');
  for (const state of states) {
    if (!(state in FLAG_STATES) && !/^[A-Za-z]+(\+[A-Za-z]+)*$/.test(state)) {
      throw new Error(`--flags: "${state}" is neither ${Object.keys(FLAG_STATES).join(', ')} nor flag names joined by +`);
    }
  }
  return [...new Set(states)];
}

/** Each state as { name, flags: every flag name → on/off }. */
export function resolveFlagStates(states: string[], names: string[]): { name: string; flags: Record<string, boolean> }[] {
  return states.map((name) => {
    const named = FLAG_STATES[name];
    if (named) return { name, flags: named.flags(names) };
    const on = name.split('+');
    const unknown = on.filter((flag) => !names.includes(flag));
    if (unknown.length) throw new Error(`--flags: unknown flag(s) ${unknown.join(', ')}; the flags are ${names.join(', ')}`);
    return { name, flags: Object.fromEntries(names.map((flag) => [flag, on.includes(flag)])) };
  });
}

/** Waits (up to a minute) for the network service's first poll, so `/network` shows live figures as it does on a running site. */
async function networkLive(gatewayUrl: string): Promise<void> {
  const { networkContract } = await (await import('./admin-flags')).contracts();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${gatewayUrl}${networkContract.data.path}`).catch(() => null);
    const body = res?.ok ? ((await res.json().catch(() => null)) as { data?: { isEstimate?: boolean } } | null) : null;
    if (body?.data && !body.data.isEstimate) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log('no live network data within 60 s: auditing with what the network service has');
}

/** Lighthouse's codes for a trace Chrome failed to record (not the page's doing): the audit is run again, once. */
const TRACE_LOST = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

const performanceOf = (lhr: Lhr): number | null => lhr.categories.performance?.score ?? null;
const median = <T extends { lhr: Lhr }>(runs: T[]): T | undefined =>
  [...runs].sort((a, b) => (performanceOf(a.lhr) ?? 0) - (performanceOf(b.lhr) ?? 0))[Math.floor(runs.length / 2)];
const slug = (text: string): string => text.replace(/[^a-z0-9+]+/gi, '-').replace(/^-|-$/g, '');
/** The report files' base name: flag state, preset, page (`all-mobile-home`, `gate-off-desktop-api-docs`). */
export const reportName = ({ state, preset, page }: { state: string; preset: string; page: string }): string => `${slug(state)}-${preset}-${slug(page) || 'home'}`;

/**
 * Starts the product on `ports`, audits every page × preset under every flag state (`states`: names
 * as parseFlagStates gives them), `runs` times each keeping the run with the median performance
 * score, writes `<state>-<preset>-<page>.html/.json` into `outDir` (emptied first) and restores the
 * flags. Resolves with [{ page, preset, state, lhr, performanceRuns }]; throws when the product or
 * an audit cannot run.
 */
interface MeasureOptions {
  ports: Ports;
  pages: string[];
  presets: Preset[];
  states: string[];
  runs?: number;
  outDir: string;
  env?: Env;
}

export async function measure({ ports, pages, presets, states, runs = 1, outDir, env = {} }: MeasureOptions): Promise<Measured[]> {
  const chromium = ensureChromium();
  ensureWebBuilt();
  const { startStack } = await import('./stack');
  const { adminFlags, flagNames } = await import('./admin-flags');
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const presetConfig = { desktop: desktopConfig, mobile: undefined } as const;
  const flagStates = resolveFlagStates(states, await flagNames());

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  log(`starting the product on web port ${ports.WEB_PORT} (gateway ${ports.GATEWAY_PORT})`);
  const stack = await startStack({ ports, logDir: path.join(outDir, 'logs'), env });
  const gatewayUrl = `http://127.0.0.1:${ports.GATEWAY_PORT}`;
  const results: Measured[] = [];
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let admin: Awaited<ReturnType<typeof adminFlags>> | undefined;
  let before: Record<string, boolean> | undefined;
  try {
    await networkLive(gatewayUrl);
    admin = await adminFlags({ gatewayUrl });
    before = await admin.read();
    browser = await launchChromium(chromium);
    for (const state of flagStates) {
      const flags = await admin.set(state.flags);
      log(`flags ${state.name}: ${Object.entries(flags).map(([name, on]) => `${name} ${on ? 'on' : 'off'}`).join(', ')}`);
      for (const page of pages) {
        for (const preset of presets) {
          const done: { lhr: Lhr; report: string[] }[] = [];
          for (let run = 1; run <= runs; run += 1) {
            log(`lighthouse ${preset} ${page} (flags ${state.name})${runs > 1 ? ` run ${run} of ${runs}` : ''}`);
            const audit = () =>
              lighthouse(`${stack.url}${page}`, { port: browser?.port, logLevel: 'error', output: ['html', 'json'], onlyCategories: CATEGORIES }, presetConfig[preset]);
            let result = await audit();
            // Chrome dropped the trace's start (it says to run again): once more. A page that paints
            // nothing (NO_FCP, NO_LCP) is not retried: that is the page's fault.
            if (result?.lhr.runtimeError && TRACE_LOST.has(result.lhr.runtimeError.code)) {
              log(`lighthouse lost the trace of ${page} (${result.lhr.runtimeError.code}): once more`);
              result = await audit();
            }
            if (!result?.lhr) throw new Error(`lighthouse returned no result for ${page} (${preset}, flags ${state.name})`);
            if (result.lhr.runtimeError) throw new Error(`lighthouse could not audit ${page} (${preset}, flags ${state.name}): ${result.lhr.runtimeError.message}`);
            done.push({ lhr: result.lhr, report: [result.report].flat() });
          }
          const chosen = median(done);
          if (!chosen) throw new Error(`no lighthouse run for ${page} (${preset})`);
          const entry: Measured = { page, preset, state: state.name, lhr: chosen.lhr, performanceRuns: done.map((run) => performanceOf(run.lhr)) };
          writeFileSync(path.join(outDir, `${reportName(entry)}.html`), chosen.report[0] ?? '');
          writeFileSync(path.join(outDir, `${reportName(entry)}.json`), chosen.report[1] ?? '');
          results.push(entry);
        }
      }
    }
  } finally {
    browser?.stop();
    if (admin && before) {
      try {
        await admin.set(before);
        log(`flags restored: ${Object.entries(before).map(([name, on]) => `${name} ${on ? 'on' : 'off'}`).join(', ')}`);
      } catch (err) {
        console.error(`could not restore the flags (${JSON.stringify(before)}): ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    await stack.stop();
  }
  return results;
}
