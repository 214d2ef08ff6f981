// The drill's settings: `--name value` or `--name=value` on the command line, else DRILL_<NAME> in
// the environment, else the default. `--env KEY=VALUE` (repeatable) goes to every service.
import { FAULT_NAMES, type FaultName } from './faults';

interface Setting {
  fallback: number | string;
  help: string;
  list?: boolean;
  text?: boolean;
}

export interface DrillOptions {
  help?: undefined;
  extraEnv: Record<string, string>;
  faultMs: number;
  pauseMs: number;
  warmupMs: number;
  graceMs: number;
  recoverTimeoutMs: number;
  payers: number;
  payEveryMs: number;
  calcRate: number;
  portOffset: number;
  faults: FaultName[];
  services: string[];
  json: string;
}

const SETTINGS: Record<string, Setting> = {
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

export function drillOptions(argv = process.argv.slice(2), env = process.env): DrillOptions | { help: string } {
  const given: Record<string, string> = {};
  const extraEnv: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = '', inline] = (argv[i] ?? '').split(/=(.*)/s, 2);
    const name = flag.replace(/^--/, '');
    if (name === 'help') return { help: usage() };
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (name === 'env') {
      const [key = '', setting] = value.split(/=(.*)/s, 2);
      extraEnv[key] = setting ?? '';
    } else if (SETTINGS[name]) given[name] = value;
    else throw new Error(`unknown option ${flag}\n${usage()}`);
  }
  const options: Record<string, unknown> = { extraEnv };
  for (const [name, setting] of Object.entries(SETTINGS)) {
    const raw = given[name] ?? env[`DRILL_${name.replace(/-/g, '_').toUpperCase()}`] ?? String(setting.fallback);
    const key = name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    if (setting.list) options[key] = raw.split(',').map((item) => item.trim()).filter(Boolean);
    else if (setting.text) options[key] = raw;
    else {
      const number = Number(raw);
      options[key] = number;
      if (!Number.isFinite(number) || number < 0) throw new Error(`--${name} must be a number, not ${raw}`);
    }
  }
  const parsed = options as unknown as DrillOptions;
  const unknown = (parsed.faults as string[]).filter((name) => !(FAULT_NAMES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`unknown fault(s) ${unknown.join(', ')}; known: ${FAULT_NAMES.join(', ')}`);
  return parsed;
}

function usage(): string {
  return [
    'npm run drill [-- --option value ...]   (or DRILL_<OPTION>=value)',
    ...Object.entries(SETTINGS).map(([name, setting]) => `  --${name.padEnd(20)} ${setting.help}${setting.fallback === '' ? '' : ` (default ${setting.fallback})`}`),
    '  --env KEY=VALUE        an extra setting for every service (repeatable)',
  ].join('\n');
}
