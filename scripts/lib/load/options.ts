// `npm run load` options (`-- --help` prints them).
import { SCENARIO_NAMES } from './scenarios';

export const HELP = `npm run load [-- options]
  (no option)            every scenario at the rates this machine holds, with thresholds; exits 1 when one is missed
  --smoke                a few seconds per scenario at a low rate with loose thresholds (the load tier of npm test)
  --scenarios a,b        only these (${SCENARIO_NAMES.join(', ')})
  --duration 30s         how long each scenario runs (not with --smoke)
  --rate N               iterations started per second, for every scenario run (not with --smoke)
  --capacity             find the capacity of one scenario (--capacity-scenario, calculator by default), run twice
                         that for --overload-duration (20s), then half of it (recovery); prints what happened
  --compare-unbounded    with --capacity: also run twice the capacity with the gateway's bound lifted
  --entry web|gateway    where k6 sends its requests: the web entry (default, what a browser calls) or the
                         gateway itself (what the gateway alone holds, for GATEWAY_MAX_IN_FLIGHT)
  --port-offset N        the stack's ports: the defaults + N (TEST_PORT_OFFSET, else 22000: web on 30080)
  --env KEY=VALUE        an extra setting for every service of the stack (repeatable), e.g. GATEWAY_MAX_IN_FLIGHT=64
  --json FILE            also write the figures as JSON`;

export type LoadOptions = ReturnType<typeof loadOptions>;

export function loadOptions(argv = process.argv.slice(2)) {
  const given: Record<string, boolean> = { smoke: false, capacity: false, 'compare-unbounded': false, help: false };
  const values: Record<string, string> = { scenarios: '', duration: '', rate: '', 'capacity-scenario': 'calculator', 'overload-duration': '20s', entry: 'web', 'port-offset': process.env.TEST_PORT_OFFSET ?? '22000', json: '' };
  const extraEnv: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = '', inline] = (argv[i] ?? '').split(/=(.*)/s, 2);
    const name = flag.replace(/^--/, '');
    if (name === 'env') {
      const pair = inline ?? argv[++i] ?? '';
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--env takes KEY=VALUE, not ${pair}`);
      extraEnv[pair.slice(0, at)] = pair.slice(at + 1);
      continue;
    }
    if (name in given) {
      given[name] = true;
      continue;
    }
    if (!(name in values)) throw new Error(`unknown option ${flag} (try --help)`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    values[name] = value;
  }
  const scenarios = values.scenarios ? values.scenarios.split(',').map((name) => name.trim()).filter(Boolean) : SCENARIO_NAMES;
  const capacityScenario = values['capacity-scenario'] ?? 'calculator';
  const unknown = [...scenarios, capacityScenario].filter((name) => !SCENARIO_NAMES.includes(name));
  if (unknown.length) throw new Error(`unknown scenario(s) ${unknown.join(', ')}; known: ${SCENARIO_NAMES.join(', ')}`);
  const portOffset = Number(values['port-offset']);
  if (!Number.isInteger(portOffset) || portOffset < 1) throw new Error('--port-offset must be a whole number above 0 (the run starts from empty data: never npm start\'s ports)');
  const entry = values.entry ?? 'web';
  if (!['web', 'gateway'].includes(entry)) throw new Error('--entry is web or gateway');
  if (values.rate && !(Number(values.rate) > 0)) throw new Error('--rate must be a number above 0');
  for (const name of ['duration', 'overload-duration']) {
    const duration = values[name];
    if (duration && !/^\d+(s|m)$/.test(duration)) throw new Error(`--${name} takes k6's form, e.g. 30s or 2m`);
  }
  return {
    help: given.help ? HELP : undefined,
    smoke: Boolean(given.smoke),
    capacity: Boolean(given.capacity),
    compareUnbounded: Boolean(given['compare-unbounded']),
    scenarios,
    duration: values.duration || undefined,
    rate: values.rate ? Number(values.rate) : undefined,
    capacityScenario,
    overloadDuration: values['overload-duration'] ?? '20s',
    entry,
    extraEnv,
    portOffset,
    json: values.json || undefined,
  };
}
