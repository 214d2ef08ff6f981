// `npm run lighthouse`: Lighthouse on the pages a visitor opens first, with the product run as its
// operator runs it and the feature flags set the way the operator sets them (the admin wallet signs
// in through the admin API; scripts/lib/admin-flags.ts). Installs what is missing (npm packages,
// Debian's chromium), builds the SPA when its build is missing or older than its sources, starts the
// whole product on ports of its own (the defaults plus TEST_PORT_OFFSET, 21000 unless set: web on
// 29080) and audits `/`, `/network`, `/methodology` and `/api/docs` with the desktop preset and the
// mobile default (simulated slow 4G and a 4x slower CPU), under each flag state. Prints one line per
// page, preset and flag state: performance, accessibility, best practices and SEO, then FCP, LCP, TBT
// and CLS; lists what misses its target with the audits that cost points; exits 1 when anything is
// below its target (TARGETS in scripts/lib/lighthouse-run.ts), 2 when the audit itself could not
// run. Reports (HTML and JSON, `<flags>-<preset>-<page>`) go to .run/lighthouse/. The flags are put
// back as they were at the end.
//
// Options:
//   --runs N            audit each page N times and keep the run with the median performance score
//                       (default 3: one run of a simulated slow phone on a 2-core machine moves by
//                       several points)
//   --pages /,/network  the pages (default /,/network,/methodology,/api/docs)
//   --presets mobile    desktop, mobile or both (default desktop,mobile)
//   --flags STATES      the flag states, comma-separated, each audited in turn (default all,gate-off):
//                         all        every flag on, the payment gate too
//                         gate-off   the payment gate off, every other flag on
//                         none       every flag off (as a fresh install starts)
//                         a+b        only the flags named are on, e.g. networkData+confetti
//                       (flags: paymentGate, confetti, networkData, personalizedDashboard)
//   --port-offset N     the stack's ports: the defaults + N (TEST_PORT_OFFSET, else 21000)
import path from 'node:path';
import { ROOT, ensureNodeModules, log } from './lib/deps';
import { FLAG_STATES, PAGES, PRESETS, type Preset, TARGETS, parseFlagStates } from './lib/lighthouse-run';

const HELP = `npm run lighthouse [-- options]
  --runs N            audits per page, the median performance run counts (default 3)
  --pages LIST        comma-separated paths (default ${PAGES.join(',')})
  --presets LIST      ${PRESETS.join(', ')} (default ${PRESETS.join(',')})
  --flags STATES      comma-separated flag states, each audited in turn (default all,gate-off):
${Object.entries(FLAG_STATES).map(([name, { describe }]) => `                        ${name.padEnd(10)} ${describe}`).join('\n')}
                        a+b        only the flags named are on (e.g. networkData+confetti)
                      e.g. --flags all, --flags gate-off, --flags all,gate-off,none
  --port-offset N     the stack's ports: the defaults + N (TEST_PORT_OFFSET, else 21000: web on 29080)
Exit 0 when every page meets its targets, 1 when one is below, 2 when the audit could not run.
Reports: .run/lighthouse/<flags>-<preset>-<page>.html and .json`;

function options(argv = process.argv.slice(2)): { runs: number; pages: string[]; presets: Preset[]; states: string[]; portOffset: number } {
  const given: Record<string, string> = {
    runs: '3',
    pages: PAGES.join(','),
    presets: PRESETS.join(','),
    flags: 'all,gate-off',
    'port-offset': process.env.TEST_PORT_OFFSET ?? '21000',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = '', inline] = (argv[i] ?? '').split(/=(.*)/s, 2);
    const name = flag.replace(/^--/, '');
    if (name === 'help' || name === 'h') {
      console.log(HELP);
      process.exit(0);
    }
    if (!(name in given)) throw new Error(`unknown option ${flag} (try --help)`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    given[name] = value;
  }
  const runs = Number(given.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number above 0, not ${given.runs}`);
  const portOffset = Number(given['port-offset']);
  if (!Number.isInteger(portOffset) || portOffset < 1) throw new Error(`--port-offset must be a whole number above 0, not ${given['port-offset']}`);
  const list = (text = ''): string[] => text.split(',').map((item) => item.trim()).filter(Boolean);
  const pages = list(given.pages);
  if (!pages.length || pages.some((page) => !page.startsWith('/'))) throw new Error(`--pages takes paths starting with /, not ${given.pages}`);
  const presets = list(given.presets);
  const unknown = presets.filter((preset) => !(PRESETS as string[]).includes(preset));
  if (!presets.length || unknown.length) throw new Error(`unknown preset(s) ${unknown.join(', ')}; known: ${PRESETS.join(', ')}`);
  return { runs, pages, presets: presets as Preset[], states: parseFlagStates(given.flags ?? ''), portOffset };
}

async function main(): Promise<number> {
  let opts;
  try {
    opts = options();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 2;
  }
  ensureNodeModules();
  const { offsetPorts } = await import('./lib/processes');
  const { measure } = await import('./lib/lighthouse-run');
  const { report } = await import('./lib/lighthouse-report');
  const outDir = path.join(ROOT, '.run', 'lighthouse');
  log(`port offset ${opts.portOffset}; flag states ${opts.states.join(', ')}; ${opts.runs} run(s) per page and preset`);
  const results = await measure({ ports: offsetPorts(opts.portOffset), pages: opts.pages, presets: opts.presets, states: opts.states, runs: opts.runs, outDir });
  const checked = report(results, TARGETS, { title: 'targets' });
  console.log(`reports: ${path.relative(ROOT, outDir)}/`);
  const below = checked.filter((r) => r.missed.length);
  if (!below.length) {
    log('every page meets its Lighthouse targets');
    return 0;
  }
  log(`${below.length} of ${checked.length} page × preset × flag state audits below target`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`\nlighthouse could not run: ${err instanceof Error ? err.stack : err}`);
    process.exit(2);
  },
);
