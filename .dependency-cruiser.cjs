// Import rules (`npm test`'s `deps` tier, scripts/lib/import-rules.ts). Each service is a wall: it talks
// to others over HTTP and events through @shm/contracts, never by importing their code. Inside a service
// the domain sees only its ports (domain/ports.ts), never data-access or a driver, and entry-points never
// import data-access either (queue and job names live in @shm/contracts). docs/contributing.md
// explains the layers; scripts/lib/import-rules/fixture breaks every rule once, so the tier shows each
// rule can fail.
const path = require('node:path');

/** Driver packages only data-access may import. */
const DRIVERS = 'node_modules/(ioredis|mongoose|mongodb|bullmq)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: split the shared part into a module both sides import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-service',
      comment: 'A service (its tests included) never imports another service: call it, or use @shm/contracts / @shm/platform.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'no-service-to-web',
      comment: 'Services never import the web app or its server.',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^web/' },
    },
    {
      name: 'no-web-to-services',
      comment: 'The web talks to services over HTTP only; shared facts come from @shm/contracts.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^services/' },
    },
    {
      name: 'no-packages-to-apps',
      comment: 'Shared packages are below every service and the web: they never import them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(services|web)/' },
    },
    {
      name: 'no-domain-to-data-access',
      comment: 'Domain code talks to the ports in domain/ports.ts; compose.ts plugs data-access in.',
      severity: 'error',
      // A module of a service (network's node-tracking/ and node-money/) has its own domain and data-access.
      from: { path: '^services/[^/]+/src/(node-tracking/|node-money/)?domain/' },
      to: { path: [`^services/[^/]+/src/(node-tracking/|node-money/)?data-access/`, DRIVERS] },
    },
    {
      name: 'no-entry-points-to-data-access',
      comment:
        'Routes, workers, consumers and metrics call use cases and read ports (domain/) and names (@shm/contracts); compose.ts hands them what data-access builds.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/(node-tracking/|node-money/)?entry-points/' },
      to: { path: '^services/[^/]+/src/(node-tracking/|node-money/)?data-access/' },
    },
    {
      name: 'node-tracking-module-entries',
      comment:
        "Node tracking is a context of its own inside the network package (docs/my-nodes.md): the rest of the network's code reaches it only through its compose.ts and ports.ts (its tests excepted).",
      severity: 'error',
      from: { path: '^services/network/src/', pathNot: ['^services/network/src/node-tracking/', '\\.test\\.ts$'] },
      to: { path: '^services/network/src/node-tracking/', pathNot: '^services/network/src/node-tracking/(compose|ports)\\.ts$' },
    },
    {
      name: 'node-money-module-entries',
      comment:
        "Node money is a module of the network package (docs/node-money.md): the rest of the network's code reaches it only through its compose.ts and ports.ts (its tests excepted).",
      severity: 'error',
      from: { path: '^services/network/src/', pathNot: ['^services/network/src/node-money/', '\\.test\\.ts$'] },
      to: { path: '^services/network/src/node-money/', pathNot: '^services/network/src/node-money/(compose|ports)\\.ts$' },
    },
    {
      name: 'only-public-service-entry',
      comment: "Code outside a service reaches it only through its package's public entries (compose, config), never its internals.",
      severity: 'error',
      // The one exception: the engine bench times calc's pure domain functions in process (no HTTP).
      from: { path: '^(?!services/)', pathNot: '^bench/engine\\.bench\\.ts$' },
      to: { path: '^services/[^/]+/', pathNot: '^services/[^/]+/src/(compose|config)\\.ts$' },
    },
    {
      name: 'bullmq-in-the-job-runtime-only',
      comment:
        'Jobs go through the job runtime (@shm/platform/jobs: startHandlers, createProducer; docs/contributing.md "Background work"): its bull.ts is the one module that imports BullMQ, tests included, so an upgrade or a swap touches one file.',
      severity: 'error',
      from: { pathNot: '^packages/platform/src/jobs/bull\\.ts$' },
      to: { path: 'node_modules/bullmq/' },
    },
    {
      name: 'no-mongoose-in-calc',
      comment:
        'calc has no MongoDB, so its process loads no mongoose: nothing services/calc/src/main.ts reaches imports it. Mongo helpers come from @shm/platform/mongo, never the root @shm/platform.',
      severity: 'error',
      from: { path: '^services/calc/src/main\\.ts$' },
      to: { path: 'node_modules/mongoose/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Our built output is left out, not a package's (bullmq's entry is node_modules/bullmq/dist/…).
    exclude: { path: ['^(web|services/[^/]+|packages/[^/]+)/dist/', 'scripts/lib/import-rules/fixture/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
