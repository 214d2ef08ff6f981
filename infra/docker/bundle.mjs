// Builds one process of the product for its container image (infra/docker/*.Dockerfile).
//
//   node infra/docker/bundle.mjs <entry.ts> <out.mjs>
//     Bundles the TypeScript entry point and the workspace packages it imports (@shm/*) into one
//     ES module with a source map, so the runtime image needs neither tsx nor TypeScript sources.
//     Every npm package stays an import (BullMQ reads its Lua scripts from its own folder, MongoDB's
//     driver tries optional packages at run time), so the runtime stage installs the production
//     dependencies of the workspace with `npm install --omit=dev`. The packages the bundle imports
//     are written to <out.mjs>.externals.json.
//
//   node infra/docker/bundle.mjs --check <out.externals.json> <dir>
//     Fails when one of those packages cannot be found from <dir> (in <dir>/node_modules or above),
//     so an image whose production install misses a package fails to build instead of to start.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const [mode, ...args] = process.argv.slice(2);

/** `express` → express, `@scope/pkg/sub` → @scope/pkg. */
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

if (mode === '--check') {
  const [list, dir] = args;
  const missing = JSON.parse(readFileSync(list, 'utf8')).filter((name) => {
    for (let at = path.resolve(dir); ; at = path.dirname(at)) {
      if (existsSync(path.join(at, 'node_modules', name, 'package.json'))) return false;
      if (at === path.dirname(at)) return true;
    }
  });
  if (missing.length) {
    console.error(`not installed for the bundle: ${missing.join(', ')}`);
    process.exit(1);
  }
  console.log(`every package the bundle imports is installed (${JSON.parse(readFileSync(list, 'utf8')).length})`);
} else {
  const [entry, outfile] = [mode, ...args];
  if (!entry || !outfile) {
    console.error('usage: node infra/docker/bundle.mjs <entry.ts> <out.mjs> | --check <out.externals.json> <dir>');
    process.exit(2);
  }
  const { build } = await import('esbuild');
  const builtins = new Set(builtinModules);
  const externals = new Set();
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(build) {
          // Relative imports and the workspace packages (@shm/*) are bundled; every other bare import stays one.
          build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
            if (specifier.startsWith('@shm/')) return undefined;
            if (specifier.startsWith('node:') || builtins.has(specifier)) return { path: specifier, external: true };
            externals.add(packageName(specifier));
            return { path: specifier, external: true };
          });
        },
      },
    ],
  });
  writeFileSync(`${outfile}.externals.json`, `${JSON.stringify([...externals].sort(), null, 2)}\n`);
  console.log(`${entry} → ${outfile} (imports ${[...externals].sort().join(', ') || 'no npm package'})`);
}
