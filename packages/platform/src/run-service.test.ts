import { z } from 'zod';
import { processEnvShape } from './base-env';
import { createMetrics } from './metrics';
import { startService, type ServiceDefinition } from './run-service';
import { recordingLogger } from './testing/logs';

const Schema = z.object({ ...processEnvShape, TOY_PORT: z.coerce.number().int().min(0) });

/** A service whose compose records what happens to it, in order. */
function toyService(events: string[], overrides: Partial<ServiceDefinition<typeof Schema>> = {}): ServiceDefinition<typeof Schema> & { url?: string } {
  const service: ServiceDefinition<typeof Schema> & { url?: string } = {
    name: 'toy',
    configSchema: Schema,
    port: (config) => config.TOY_PORT,
    async compose() {
      events.push('composed');
      return {
        app: (_req, res) => void res.end('serving'),
        async close() {
          // What the service closes (connections, workers) must outlive every request in flight.
          const serverOpen = await fetch(service.url ?? '').then(() => true, () => false);
          events.push(serverOpen ? 'service closed while the server still answered' : 'service closed after the server');
        },
      };
    },
    ...overrides,
  };
  return service;
}

describe('starting a service the way its main.ts does', () => {
  it('when the config is good, then the composed app answers on the port and shutdown drains the server before closing the service', async () => {
    const events: string[] = [];
    const { logger } = recordingLogger('toy');
    const toy = toyService(events);
    const started = await startService(toy, { env: { TOY_PORT: '0' }, logger, exit: false });
    toy.url = started.url;
    expect(await (await fetch(started.url)).text()).toBe('serving');

    await started.lifecycle.shutdown('test');
    events.push('shutdown done');
    expect(events).toEqual(['composed', 'service closed after the server', 'shutdown done']);
    await expect(fetch(started.url)).rejects.toThrow();
  });

  it('when a variable is bad, then it refuses to start naming the variable, before composing anything', async () => {
    const events: string[] = [];
    const { logger } = recordingLogger('toy');
    await expect(startService(toyService(events), { env: { TOY_PORT: 'eighty' }, logger, exit: false })).rejects.toThrow('Invalid configuration: TOY_PORT');
    expect(events).toEqual([]);
  });

  it('when it has started, then the start-up line and the announcements are logged with the URL', async () => {
    const { logger, entries } = recordingLogger('toy');
    logger.level = 'info';
    const started = await startService(
      toyService([], {
        listening: (config) => ({ fields: { port: config.TOY_PORT }, message: 'toy ready' }),
        announce: (_config, log) => log.info('toy note'),
      }),
      { env: { TOY_PORT: '0' }, logger, exit: false },
    );
    await started.lifecycle.shutdown('test');
    expect(entries.map((entry) => [entry.msg, entry.url])).toEqual([
      ['toy ready', started.url],
      ['toy note', undefined],
      ['shutting down', undefined],
    ]);
  });
});

describe('a service whose metrics have a port of their own', () => {
  it('when it names a metrics port, then /metrics answers there and not on the public port, and both close on shutdown', async () => {
    const { logger, entries } = recordingLogger('toy');
    logger.level = 'info';
    const metrics = createMetrics('toy');
    metrics.counter({ name: 'toy_things_total', help: 'Things the toy did' }).inc({}, 3);
    const started = await startService(
      toyService([], {
        metricsPort: () => 0,
        compose: () => Promise.resolve({ app: (_req, res) => void res.writeHead(404).end('public'), metrics, close: () => Promise.resolve() }),
      }),
      { env: { TOY_PORT: '0' }, logger, exit: false },
    );
    const metricsUrl = entries.find((entry) => entry.msg === 'toy listening')?.metrics as string;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(metricsUrl.startsWith(started.url)).toBe(false);
    const scraped = await (await fetch(metricsUrl)).text();
    expect(scraped).toMatch(/^toy_things_total\{service="toy"\} 3$/m);
    expect((await fetch(`${started.url}/metrics`)).status).toBe(404);

    await started.lifecycle.shutdown('test');
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });
});
