// The images' HEALTHCHECK: GET /healthz on this container's own port, exit 0 on a 200 and 1 otherwise.
// Node's http client, because the slim images have no curl or wget.
// The port is HEALTHCHECK_PORT, else the process's own <SERVICE>_PORT (CALC_PORT, WEB_PORT, …), else its default.
import http from 'node:http';

const DEFAULT_PORTS = { gateway: 8000, calc: 8101, payments: 8102, network: 8103, dashboard: 8104, alerts: 8105, web: 8080 };
const service = process.env.SERVICE ?? '';
const port = Number(process.env.HEALTHCHECK_PORT || process.env[`${service.toUpperCase()}_PORT`] || DEFAULT_PORTS[service]);
const host = process.env.HEALTHCHECK_HOST || '127.0.0.1';

if (!port) {
  console.error(`healthcheck: no port (SERVICE=${service || 'unset'}; set HEALTHCHECK_PORT)`);
  process.exit(1);
}
const req = http.get({ host, port, path: '/healthz', timeout: 3000 }, (res) => {
  res.resume();
  process.exit(res.statusCode === 200 ? 0 : 1);
});
req.on('timeout', () => req.destroy(new Error('timed out after 3 s')));
req.on('error', (err) => {
  console.error(`healthcheck: http://${host}:${port}/healthz: ${err.message}`);
  process.exit(1);
});
