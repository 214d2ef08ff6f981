// The web's feature walls (docs/contributing.md, "The walls"), checked by eslint-plugin-boundaries:
// a feature under web/src/features/<name>/ imports no other feature, and the shared code (lib,
// components, config) imports no feature at all. app/ and the entry files compose features, so they
// may import any of them. Every import form counts: static, type-only, re-export and dynamic import().
import boundaries from 'eslint-plugin-boundaries';

const CROSS_FEATURE = 'A feature imports no other feature: move what both need to web/src/lib or web/src/components, or compose them in web/src/app (the walls, docs/contributing.md).';
const SHARED_TO_FEATURE = 'Shared code (web/src/lib, components, config) imports no feature: features build on it, not the other way round (the walls, docs/contributing.md).';

export const MESSAGES = { CROSS_FEATURE, SHARED_TO_FEATURE };

export default {
  files: ['web/src/**/*.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': [
      { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'], partialMatch: false },
      { type: 'shared', pattern: 'web/src/{lib,components,config}', partialMatch: false },
    ],
    'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    'boundaries/legacy-templates': false,
    // The web imports its TypeScript modules without an extension (Vite and tsc resolve them).
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'feature' } },
            disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
            message: CROSS_FEATURE,
          },
          {
            from: { element: { type: 'shared' } },
            disallow: { to: { element: { type: 'feature' } } },
            message: SHARED_TO_FEATURE,
          },
        ],
      },
    ],
  },
};
