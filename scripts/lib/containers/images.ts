// The product's seven images, built from the repository's Dockerfiles exactly as docker-compose.yml
// builds them (its `build:` entries: context, Dockerfile, build arguments; the image names are its
// `image:` entries), each built once however many services run it (payments and payments-worker).
import { mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT, log } from '../deps';
import { type Engine, RUN_DIR, capture, runAsync } from './engine';

export interface ImageBuild {
  /** The image name, IMAGE_TAG applied (e.g. shm-node-economics/calc:local). */
  name: string;
  dockerfile: string;
  context: string;
  args: Record<string, string>;
}

export interface BuiltImage extends ImageBuild {
  ok: boolean;
  seconds: number;
  /** Bytes, as the engine reports the image. */
  size: number;
  /** The build's last lines when it failed (the error). */
  error?: string;
  logFile: string;
}

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
}

/** The images docker-compose.yml builds, one entry per image. */
export function composeImageBuilds(tag = process.env.IMAGE_TAG ?? 'local'): ImageBuild[] {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
  const builds = new Map<string, ImageBuild>();
  for (const [service, spec] of Object.entries(compose.services)) {
    if (!spec.build) continue;
    if (!spec.image) throw new Error(`docker-compose.yml: ${service} builds an image but names none`);
    const name = spec.image.replace('${IMAGE_TAG:-local}', tag);
    builds.set(name, { name, dockerfile: spec.build.dockerfile ?? 'Dockerfile', context: spec.build.context ?? '.', args: spec.build.args ?? {} });
  }
  return [...builds.values()];
}

/**
 * What a failed build says went wrong: from the first line that reports an error (the tool's own
 * words, e.g. vite's "Tsconfig not found …"), its next lines, and the engine's last line (the step).
 */
export function buildError(output: string): string {
  const lines = output.trim().split('\n');
  const first = lines.findIndex((line) => /\berror\b|not found|cannot find|ENOENT/i.test(line));
  const excerpt = first < 0 ? lines.slice(-15) : lines.slice(first, first + 8);
  const last = lines.at(-1) ?? '';
  return [...excerpt, ...(excerpt.includes(last) ? [] : ['…', last])].join('\n');
}

const label = (image: ImageBuild): string => image.name.split('/').at(-1)?.split(':')[0] ?? image.name;

function buildOne(engine: Engine, image: ImageBuild, caBundle: string | null): Promise<BuiltImage> {
  const logFile = path.join(RUN_DIR, 'logs', `build-${label(image)}.log`);
  const args = [
    'build',
    ...engine.buildFlags,
    // The base images are present by now (pulled or stand-ins); never look for them elsewhere.
    ...(engine.kind === 'podman' ? ['--pull=never'] : []),
    ...(caBundle ? ['--secret', `id=npm-ca,src=${caBundle}`] : []),
    ...Object.entries(image.args).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
    '--build-arg', `REVISION=${capture('git', ['rev-parse', 'HEAD']).stdout.trim() || 'unknown'}`,
    '-f', path.join(ROOT, image.dockerfile),
    '-t', image.name,
    path.join(ROOT, image.context),
  ];
  const started = Date.now();
  return runAsync(engine.cli, args, { env: engine.env, logFile }).then((result) => {
    const seconds = (Date.now() - started) / 1000;
    const ok = result.status === 0;
    const size = ok ? Number(capture(engine.cli, ['image', 'inspect', '--format', '{{.Size}}', image.name], { env: engine.env }).stdout.trim()) : 0;
    const error = ok ? undefined : buildError(result.stdout);
    return { ...image, ok, seconds, size, error, logFile };
  });
}

/**
 * Builds every image: the first alone (it fills the layer cache the others share: the manifests and
 * the full npm install), then the rest `parallel` at a time (one per core, at most four: each build
 * is mostly one process). Prints each image's size and build time.
 */
export async function buildImages(engine: Engine, caBundle: string | null, parallel = Math.min(4, Math.max(1, availableParallelism()))): Promise<BuiltImage[]> {
  mkdirSync(path.join(RUN_DIR, 'logs'), { recursive: true });
  const builds = composeImageBuilds();
  const built: BuiltImage[] = [];
  const report = (image: BuiltImage): void => {
    built.push(image);
    const size = `${(image.size / 1e6).toFixed(0)} MB`;
    log(`image ${image.name}: ${image.ok ? `built in ${image.seconds.toFixed(0)} s, ${size}` : `FAILED after ${image.seconds.toFixed(0)} s (${path.relative(ROOT, image.logFile)})`}`);
    if (image.error) console.error(image.error);
  };
  const [first, ...rest] = builds;
  if (!first) throw new Error('docker-compose.yml builds no image');
  log(`building ${builds.length} images (${engine.kind}); logs in ${path.relative(ROOT, path.join(RUN_DIR, 'logs'))}/`);
  report(await buildOne(engine, first, caBundle));
  const queue = [...rest];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) report(await buildOne(engine, next, caBundle));
    }),
  );
  return builds.map((build) => {
    const image = built.find((candidate) => candidate.name === build.name);
    if (!image) throw new Error(`No result was recorded for image ${build.name}`);
    return image;
  });
}
