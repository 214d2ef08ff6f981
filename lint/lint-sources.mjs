// Lints in-memory sources with the repository's ESLint config (eslint.config.mjs) through ESLint's Node
// API, for tests of the config itself: `node lint/lint-sources.mjs < cases.json` with
// `[{ "filePath": "web/src/...", "code": "..." }]` prints `[[{ "ruleId", "message" }, ...], ...]`.
// A process of its own because ESLint loads its config with import(), which jest's module sandbox
// refuses. Type information is switched off: the paths are made up, and no rule checked here needs it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(import.meta.dirname, '..');
const cases = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.mjs'),
  overrideConfig: [tseslint.configs.disableTypeChecked],
});
const results = [];
for (const { filePath, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
