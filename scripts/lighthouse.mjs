// `npm run lighthouse`: Lighthouse on the pages a visitor opens first. Installs what is missing
// (npm packages, Debian's chromium), builds the SPA when its build is missing or older than its
// sources, starts the whole product on ports of its own (the defaults plus TEST_PORT_OFFSET, 21000
// unless set) and audits `/`, `/network` and `/api/docs` with the desktop preset and the mobile
// default (simulated slow 4G and a 4x slower CPU). Prints performance, accessibility and best
// practices per page and preset, the audits that cost points, and exits 1 when a score is below its
// target (2 when the audit itself could not run). Reports (HTML and JSON) go to .run/lighthouse/.
// Options: `--runs N` audits each page N times and keeps the run with the median performance score
// (default 3: one run of a simulated slow phone on a 2-core machine moves by several points);
// `--pages /,/network` and `--presets desktop` narrow the set.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, buildWeb, ensureDebianPackage, ensureNodeModules, log } from './lib/deps.mjs';

/** The minimum score (0–1) per preset and category; every audited page must reach it. */
export const TARGETS = {
  desktop: { performance: 0.98, accessibility: 0.95, 'best-practices': 0.95 },
  mobile: { performance: 0.9, accessibility: 0.95, 'best-practices': 0.95 },
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

function options(argv = process.argv.slice(2)) {
  const given = { runs: '3', pages: '/,/network,/api/docs', presets: 'desktop,mobile' };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const name = flag.replace(/^--/, '');
    if (name === 'help') {
      console.log('npm run lighthouse [-- --runs N] [--pages /,/network,/api/docs] [--presets desktop,mobile]');
      process.exit(0);
    }
    if (!(name in given)) throw new Error(`unknown option ${flag} (try --help)`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    given[name] = value;
  }
  const runs = Number(given.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number above 0, not ${given.runs}`);
  const list = (text) => text.split(',').map((s) => s.trim()).filter(Boolean);
  const presets = list(given.presets);
  const unknown = presets.filter((p) => !(p in TARGETS));
  if (unknown.length) throw new Error(`unknown preset(s) ${unknown.join(', ')}; known: ${Object.keys(TARGETS).join(', ')}`);
  return { runs, pages: list(given.pages), presets };
}

/** The newest modification time under `dir` (files only; node_modules and dist left out). */
function newestIn(dir) {
  if (!existsSync(dir)) return 0;
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestIn(path.join(dir, entry)));
  }
  return newest;
}

/** Builds the SPA unless web/dist is newer than everything it is built from. */
function ensureWebBuilt() {
  const built = path.join(ROOT, 'web/dist/index.html');
  const sources = ['web/src', 'web/build', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'packages/contracts/src'];
  const newestSource = Math.max(...sources.map((p) => newestIn(path.join(ROOT, p))));
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) return log('the web build is up to date');
  buildWeb();
}

/** Headless Chromium with a DevTools port for Lighthouse, in a process group of its own (the Debian wrapper forks). */
async function launchChromium(executable) {
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chromium-'));
  const child = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const port = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`chromium gave no DevTools port within 30 s:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited (code ${code}) before it listened:\n${output}`));
    });
  }).catch((err) => {
    stop();
    throw err;
  });
  child.stderr.resume();
  return { port, stop };
}

const median = (runs) => [...runs].sort((a, b) => a.categories.performance.score - b.categories.performance.score)[Math.floor(runs.length / 2)];

/** The audits that cost the page points in a category, worst first. */
function lostPoints(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ...ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .sort((a, b) => b.weight * (1 - b.audit.score) - a.weight * (1 - a.audit.score))
    .map(({ audit }) => `${audit.id} (${audit.score.toFixed(2)})${audit.displayValue ? ` ${audit.displayValue}` : ''}: ${audit.title}`);
}

async function main() {
  const opts = options();
  ensureNodeModules();
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!process.env.CHROMIUM_PATH) ensureDebianPackage(chromium, 'chromium');
  ensureWebBuilt();

  process.env.TEST_PORT_OFFSET ??= '21000';
  const { startStack } = await import('./lib/stack.mjs');
  const { TEST_PORTS } = await import('./lib/processes.mjs');
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const presetConfig = { desktop: desktopConfig, mobile: undefined };

  const outDir = path.join(ROOT, '.run', 'lighthouse');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  log(`starting the product on web port ${TEST_PORTS.WEB_PORT} (TEST_PORT_OFFSET=${process.env.TEST_PORT_OFFSET})`);
  const stack = await startStack({ ports: TEST_PORTS, logDir: path.join(outDir, 'logs') });
  const results = [];
  let browser;
  try {
    browser = await launchChromium(chromium);
    for (const page of opts.pages) {
      for (const preset of opts.presets) {
        const runs = [];
        for (let run = 1; run <= opts.runs; run += 1) {
          log(`lighthouse ${preset} ${page}${opts.runs > 1 ? ` (run ${run} of ${opts.runs})` : ''}`);
          const result = await lighthouse(
            `${stack.url}${page}`,
            { port: browser.port, logLevel: 'error', output: ['html', 'json'], onlyCategories: CATEGORIES },
            presetConfig[preset],
          );
          if (!result?.lhr) throw new Error(`lighthouse returned no result for ${page} (${preset})`);
          if (result.lhr.runtimeError) throw new Error(`lighthouse could not audit ${page} (${preset}): ${result.lhr.runtimeError.message}`);
          runs.push({ lhr: result.lhr, report: result.report, categories: result.lhr.categories });
        }
        const chosen = median(runs);
        const name = `${preset}-${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`;
        writeFileSync(path.join(outDir, `${name}.html`), chosen.report[0]);
        writeFileSync(path.join(outDir, `${name}.json`), chosen.report[1]);
        results.push({ page, preset, lhr: chosen.lhr, performanceRuns: runs.map((r) => r.categories.performance.score) });
      }
    }
  } finally {
    browser?.stop();
    await stack.stop();
  }

  const pct = (score) => (score === null || score === undefined ? '  n/a' : String(Math.round(score * 100)).padStart(5));
  const failures = [];
  console.log(`\n${'page'.padEnd(12)} ${'preset'.padEnd(8)} perf  a11y  best-pr   FCP      LCP      TBT     CLS`);
  for (const { page, preset, lhr, performanceRuns } of results) {
    const scores = CATEGORIES.map((c) => lhr.categories[c].score);
    const metric = (id) => (lhr.audits[id]?.displayValue ?? '').replace(/\u00a0/g, ' ');
    const below = CATEGORIES.filter((c, i) => scores[i] === null || scores[i] < TARGETS[preset][c]);
    console.log(
      `${page.padEnd(12)} ${preset.padEnd(8)}${scores.map(pct).join(' ')}    ` +
        `${metric('first-contentful-paint').padEnd(8)} ${metric('largest-contentful-paint').padEnd(8)} ${metric('total-blocking-time').padEnd(7)} ${metric('cumulative-layout-shift')}` +
        `${performanceRuns.length > 1 ? `   (performance runs: ${performanceRuns.map(pct).map((s) => s.trim()).join(', ')})` : ''}` +
        `${below.length ? '   BELOW TARGET' : ''}`,
    );
    for (const category of below) failures.push({ page, preset, category, score: scores[CATEGORIES.indexOf(category)], lost: lostPoints(lhr, category) });
  }
  const targets = Object.entries(TARGETS).map(([preset, t]) => `${preset} ${CATEGORIES.map((c) => `${c} ≥ ${Math.round(t[c] * 100)}`).join(', ')}`);
  console.log(`\ntargets: ${targets.join('; ')}\nreports: ${path.relative(ROOT, outDir)}/`);
  if (!failures.length) {
    log('every page meets its Lighthouse targets');
    return 0;
  }
  for (const { page, preset, category, score, lost } of failures) {
    console.error(`\n${page} (${preset}) ${category} ${pct(score).trim()} < ${Math.round(TARGETS[preset][category] * 100)}:`);
    for (const line of lost.slice(0, 10)) console.error(`  - ${line}`);
  }
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`\nlighthouse could not run: ${err instanceof Error ? err.stack : err}`);
    process.exit(2);
  },
);
