// What an image build reads against what its context and its COPY lines give it, without an engine:
// - every COPY source (from the context, not another stage) matches a file that .dockerignore lets in;
// - within each stage, every file the copied sources point at is copied too: a tsconfig's `extends`,
//   and relative imports of TypeScript and JavaScript sources (a `?raw` or other query stripped), so
//   a workspace whose tsconfig extends the root one, or a page that imports a doc at build time, fails
//   here and not only in a real build.
// .dockerignore is read with @balena/dockerignore (Docker's own matching rules, `!` exceptions included).
// A COPY is taken to keep its paths (`COPY web ./web`, `COPY tsconfig.base.json ./`), as ours do; a
// single file copied under another name counts under its source path.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';

export interface ContextInput {
  /** The Dockerfile's text. */
  dockerfile: string;
  /** The .dockerignore's text ('' when there is none). */
  dockerignore: string;
  /** Every file of the build context, relative to it (e.g. from `git ls-files`). */
  files: string[];
  /** Reads a context file (for its imports and `extends`). */
  read: (file: string) => string;
}

interface Copy {
  stage: number;
  sources: string[];
}

/** The COPY lines that take files from the context, by stage. */
function contextCopies(dockerfile: string): Copy[] {
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');
  const copies: Copy[] = [];
  let stage = -1;
  for (const line of lines) {
    const words = line.trim().split(/\s+/);
    const instruction = words[0]?.toUpperCase();
    if (instruction === 'FROM') stage += 1;
    if (instruction !== 'COPY' && instruction !== 'ADD') continue;
    const args = words.slice(1);
    if (args.some((arg) => arg.startsWith('--from='))) continue;
    const paths = args.filter((arg) => !arg.startsWith('--'));
    copies.push({ stage, sources: paths.slice(0, -1).map((source) => path.posix.normalize(source).replace(/\/$/, '')) });
  }
  return copies;
}

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SPECIFIERS = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.json', '/index.ts', '/index.tsx', '/index.js'];

/** Problems of one Dockerfile's build context; none when the build gets every file it reads. */
export function buildContextProblems({ dockerfile, dockerignore: ignoreText, files, read }: ContextInput): string[] {
  const ignore = dockerignore().add(ignoreText.split('\n'));
  const context = files.filter((file) => !ignore.ignores(file));
  const inContext = new Set(context);
  const inRepo = new Set(files);
  const problems: string[] = [];
  const stages = new Map<number, Set<string>>();
  for (const copy of contextCopies(dockerfile)) {
    const copied = stages.get(copy.stage) ?? new Set<string>();
    stages.set(copy.stage, copied);
    for (const source of copy.sources) {
      const under = source === '.' ? context : context.filter((file) => file === source || file.startsWith(`${source}/`));
      if (!under.length) {
        const why = files.some((file) => file === source || file.startsWith(`${source}/`)) ? 'left out by .dockerignore' : 'not in the repository';
        problems.push(`COPY ${source}: ${why}`);
      }
      for (const file of under) copied.add(file);
    }
  }
  for (const [stage, copied] of stages) {
    const missing = (from: string, target: string, what: string): void => {
      const found = EXTENSIONS.map((extension) => `${target}${extension}`).find((candidate) => inRepo.has(candidate));
      if (found && !copied.has(found)) {
        const why = inContext.has(found) ? 'the stage does not COPY it' : 'left out by .dockerignore';
        problems.push(`stage ${stage + 1}: ${from} ${what} ${found}, but ${why}`);
      }
    };
    for (const file of copied) {
      const dir = path.posix.dirname(file);
      if (path.posix.basename(file).startsWith('tsconfig') && file.endsWith('.json')) {
        const extendsPath = /"extends"\s*:\s*"(\.{1,2}\/[^"]+)"/.exec(read(file))?.[1];
        if (extendsPath) missing(file, path.posix.join(dir, extendsPath), 'extends');
      }
      if (!SOURCE.test(file)) continue;
      for (const match of read(file).matchAll(SPECIFIERS)) {
        const specifier = (match[1] ?? '').split('?')[0] ?? '';
        missing(file, path.posix.join(dir, specifier), 'imports');
      }
    }
  }
  return [...new Set(problems)];
}

/** buildContextProblems for a Dockerfile of the repository at `root`, the context being `root`. */
export function repositoryContextProblems(root: string, dockerfile: string, files: string[]): string[] {
  const text = (file: string): string => {
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch {
      return '';
    }
  };
  return buildContextProblems({ dockerfile: text(dockerfile), dockerignore: text('.dockerignore'), files, read: text });
}
