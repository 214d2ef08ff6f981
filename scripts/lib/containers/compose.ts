// docker-compose.yml run by the containers tier: with its override (infra/docker/compose.containers-tier.yml,
// the chain and archiver peers) under a project name of its own, so a person's own compose project is
// never touched. On an engine that does not run healthchecks by itself (podman without systemd) the
// tier runs each container's own healthcheck (`podman healthcheck run`): every 2 s until it passes
// for the container's current start, then on the interval its image or compose declares, as the
// engine's timer would. A restarted container counts as healthy only once a check after the restart
// passed (podman keeps the status of the run before).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../deps';
import { type Engine, RUN_DIR, capture, runAsync } from './engine';

export const PROJECT = 'shm-containers-tier';
const FILES = ['docker-compose.yml', 'infra/docker/compose.containers-tier.yml'];

/**
 * The services in start order, as compose's `depends_on` (of both files) gives it: each group's
 * dependencies are all in earlier groups.
 */
export function startOrder(): string[][] {
  const needs = new Map<string, Set<string>>();
  for (const file of FILES) {
    const spec = parse(readFileSync(path.join(ROOT, file), 'utf8'), { merge: true }) as { services: Record<string, { depends_on?: Record<string, unknown> | string[] }> };
    for (const [service, { depends_on: dependsOn }] of Object.entries(spec.services)) {
      const set = needs.get(service) ?? new Set<string>();
      for (const dependency of Array.isArray(dependsOn) ? dependsOn : Object.keys(dependsOn ?? {})) set.add(dependency);
      needs.set(service, set);
    }
  }
  const groups: string[][] = [];
  const placed = new Set<string>();
  while (placed.size < needs.size) {
    const group = [...needs].filter(([service, deps]) => !placed.has(service) && [...deps].every((dep) => placed.has(dep))).map(([service]) => service);
    if (!group.length) throw new Error(`depends_on has a cycle among ${[...needs.keys()].filter((service) => !placed.has(service)).join(', ')}`);
    group.forEach((service) => placed.add(service));
    groups.push(group);
  }
  return groups;
}

export interface ContainerState {
  name: string;
  /** The compose service it runs. */
  service: string;
  running: boolean;
  /** healthy | unhealthy | starting | '' (no healthcheck). */
  health: string;
  /** When the container last started, as the engine prints it. */
  startedAt: string;
}

export interface ComposeStack {
  /** Runs `compose <args>`; resolves with its status and output (written to .run/containers/logs/compose-<step>.log). */
  compose: (step: string, args: string[]) => Promise<{ status: number; output: string }>;
  containers: () => ContainerState[];
  /** Resolves once every container (of `services`, when given) runs and is healthy; rejects after `timeoutMs` naming the ones that are not. */
  waitHealthy: (timeoutMs: number, services?: string[]) => Promise<void>;
  /** The last lines of a service's log. */
  logs: (service: string, lines?: number) => string;
  /** Stops the healthcheck driver. */
  close: () => void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function composeStack(engine: Engine, env: Record<string, string>): ComposeStack {
  const fullEnv = { ...engine.env, ...env };
  const [composeCommand, ...composeArgs] = engine.compose;
  const base = [...composeArgs, '-p', PROJECT, ...FILES.flatMap((file) => ['-f', path.join(ROOT, file)])];
  // Both compose implementations label their containers so.
  const projectLabel = 'com.docker.compose.project';
  const serviceLabel = 'com.docker.compose.service';
  mkdirSync(path.join(RUN_DIR, 'logs'), { recursive: true });

  const drives = !engine.runsHealthchecks;
  const containers = (): ContainerState[] => {
    const ids = capture(engine.cli, ['ps', '-a', '-q', '--filter', `label=${projectLabel}=${PROJECT}`], { env: fullEnv }).stdout.split('\n').filter(Boolean);
    if (!ids.length) return [];
    const format = `{{.Name}}|{{ index .Config.Labels "${serviceLabel}" }}|{{.State.Running}}|{{if .State.Health}}{{.State.Health.Status}}{{end}}|{{.State.StartedAt}}`;
    return capture(engine.cli, ['inspect', '--format', format, ...ids], { env: fullEnv })
      .stdout.split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name = '', service = '', running = '', status = '', startedAt = ''] = line.split('|');
        const container = { name: name.replace(/^\//, ''), service, running: running === 'true', health: status, startedAt };
        if (!drives || !status) return container;
        const passed = passedSince.get(container.name);
        return { ...container, health: passed === startedAt ? status : 'starting' };
      });
  };

  // The healthcheck driver (podman without systemd only): when each container's check last ran, and
  // the start (StartedAt) of the container its last passing check was for.
  // Its commands run without blocking, so the checks go on meanwhile.
  const lastRun = new Map<string, number>();
  const passedSince = new Map<string, string>();
  const intervals = new Map<string, number>();
  let driving = drives;
  const intervalOf = async (name: string): Promise<number> => {
    const known = intervals.get(name);
    if (known !== undefined) return known;
    const ns = Number((await runAsync(engine.cli, ['inspect', '--format', '{{.Config.Healthcheck.Interval}}', name], { env: fullEnv })).stdout.trim());
    const interval = Number.isFinite(ns) && ns > 0 ? ns / 1e6 : 30_000;
    intervals.set(name, interval);
    return interval;
  };
  const drive = async (): Promise<void> => {
    while (driving) {
      for (const container of containers().filter((c) => c.running && c.health)) {
        const due = container.health === 'healthy' ? await intervalOf(container.name) : 2_000;
        if (Date.now() - (lastRun.get(container.name) ?? 0) < due) continue;
        lastRun.set(container.name, Date.now());
        const check = await runAsync(engine.cli, ['healthcheck', 'run', container.name], { env: fullEnv });
        if (check.status === 0) passedSince.set(container.name, container.startedAt);
        else passedSince.delete(container.name);
      }
      await sleep(1_000);
    }
  };
  if (driving) void drive();

  return {
    containers,
    compose: async (step, args) => {
      const result = await runAsync(composeCommand, [...base, ...args], { env: fullEnv, logFile: path.join(RUN_DIR, 'logs', `compose-${step}.log`) });
      return { status: result.status, output: result.stdout };
    },
    async waitHealthy(timeoutMs, services) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const states = containers().filter((c) => !services || services.includes(c.service));
        const waiting = states.filter((c) => !c.running || c.health !== 'healthy');
        if (states.length && !waiting.length) return;
        if (Date.now() > deadline) {
          const list = waiting.map((c) => `${c.service} (${c.running ? c.health || 'no healthcheck' : 'not running'})`).join(', ');
          throw new Error(`not healthy within ${timeoutMs / 1000} s: ${list || 'no containers'}`);
        }
        await sleep(1_000);
      }
    },
    logs: (service, lines = 40) => {
      const container = containers().find((c) => c.service === service);
      if (!container) return `(no container for ${service})`;
      const result = capture(engine.cli, ['logs', '--tail', String(lines), container.name], { env: fullEnv });
      return `${result.stdout}${result.stderr}`;
    },
    close: () => {
      driving = false;
    },
  };
}
