// The drill's settings: `--name value` or `--name=value` on the command line, else DRILL_<NAME> in
// the environment, else the default. `--env KEY=VALUE` (repeatable) goes to every service.
import { FAULT_NAMES } from './faults.mjs';

const SETTINGS = {
  'fault-ms': { fallback: 8_000, help: 'how long each part stays down' },
  'pause-ms': { fallback: 15_000, help: 'steady load after a recovery, before the next fault' },
  'warmup-ms': { fallback: 15_000, help: 'steady load before the first fault' },
  'grace-ms': { fallback: 120_000, help: 'after the last fault: how long stranded payments may take (status checks every 5 s)' },
  'recover-timeout-ms': { fallback: 90_000, help: 'a part that has not recovered by then is reported as not recovered' },
  payers: { fallback: 3, help: 'payments on their way at once (fresh funded wallet each)' },
  'pay-every-ms': { fallback: 1_000, help: 'a new payment this often (while fewer than `payers` are on their way)' },
  'calc-rate': { fallback: 3, help: 'calculations per second, paid and unpaid wallets in turn' },
  'port-offset': { fallback: 23_000, help: 'added to the default ports (23000: gateway on 31000)' },
  faults: { fallback: FAULT_NAMES.join(','), list: true, help: 'which faults, in order' },
  services: { fallback: '', list: true, help: 'services to start (default: all; web only when built)' },
  json: { fallback: '', text: true, help: 'also write the figures to this file' },
};

export function drillOptions(argv = process.argv.slice(2), env = process.env) {
  const given = {};
  const extraEnv = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const name = flag.replace(/^--/, '');
    if (name === 'help') return { help: usage() };
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (name === 'env') {
      const [key, v] = value.split(/=(.*)/s, 2);
      extraEnv[key] = v ?? '';
    } else if (SETTINGS[name]) given[name] = value;
    else throw new Error(`unknown option ${flag}\n${usage()}`);
  }
  const options = { extraEnv };
  for (const [name, setting] of Object.entries(SETTINGS)) {
    const raw = given[name] ?? env[`DRILL_${name.replace(/-/g, '_').toUpperCase()}`] ?? String(setting.fallback);
    const key = name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
    if (setting.list) options[key] = raw.split(',').map((s) => s.trim()).filter(Boolean);
    else if (setting.text) options[key] = raw;
    else {
      options[key] = Number(raw);
      if (!Number.isFinite(options[key]) || options[key] < 0) throw new Error(`--${name} must be a number, not ${raw}`);
    }
  }
  const unknown = options.faults.filter((f) => !FAULT_NAMES.includes(f));
  if (unknown.length) throw new Error(`unknown fault(s) ${unknown.join(', ')}; known: ${FAULT_NAMES.join(', ')}`);
  return options;
}

function usage() {
  return [
    'npm run drill [-- --option value ...]   (or DRILL_<OPTION>=value)',
    ...Object.entries(SETTINGS).map(([name, s]) => `  --${name.padEnd(20)} ${s.help}${s.fallback === '' ? '' : ` (default ${s.fallback})`}`),
    '  --env KEY=VALUE        an extra setting for every service (repeatable)',
  ].join('\n');
}
