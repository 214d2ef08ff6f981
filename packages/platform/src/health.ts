import { Router } from 'express';

export type ReadinessCheck = () => Promise<void>;

/**
 * `/healthz`: the process is up. `/readyz`: every dependency answers and the process is not
 * shutting down (503 otherwise), so a load balancer stops routing before shutdown.
 */
export function healthRoutes(checks: Record<string, ReadinessCheck>, isShuttingDown: () => boolean): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    const results: Record<string, string> = {};
    let ok = true;
    for (const [name, check] of Object.entries(checks)) {
      try {
        await check();
        results[name] = 'ok';
      } catch (err) {
        ok = false;
        results[name] = err instanceof Error ? err.message : 'failed';
      }
    }
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not-ready', checks: results });
  });
  return router;
}
