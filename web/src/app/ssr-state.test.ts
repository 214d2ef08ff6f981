import { QueryObserver, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from './query-client';
import { unanswered } from './ssr-state';

/** The completeness rule of a server render: which of the queries a page read it has no answer for. */
describe('unanswered', () => {
  const clients: QueryClient[] = [];
  // A query nobody observes keeps a garbage-collection timer: cleared, so the test leaves none running.
  afterEach(() => clients.splice(0).forEach((client) => client.clear()));
  const setup = () => {
    const client = createQueryClient();
    clients.push(client);
    const query = (key: string) => client.getQueryCache().find({ queryKey: [key], exact: true }) as Query;
    // As a component's useQuery does: an observer puts the query, with its options, into the cache.
    const read = (key: string, enabled: boolean | (() => boolean) = true) => new QueryObserver(client, { queryKey: [key], queryFn: () => `${key} answer`, enabled });
    return { client, query, read };
  };

  // As the server's pass asks (entry-server.tsx): a failure stays in the cache, not thrown.
  const ask = (client: QueryClient, options: { queryKey: string[]; queryFn: () => unknown }) => client.query(options).catch(() => undefined);

  it('when a read answered, then it is answered', async () => {
    const { client, query } = setup();
    await ask(client, { queryKey: ['flags'], queryFn: () => ({ paymentGate: false }) });
    expect(unanswered([query('flags')])).toEqual([]);
  });

  it('when a read failed (the API answered 503, or the connection was refused), then it is unanswered: the page shows it loading', async () => {
    const { client, query } = setup();
    await ask(client, { queryKey: ['flags'], queryFn: () => Promise.reject(new ApiError(503, 'Service Unavailable', '')) });
    await ask(client, { queryKey: ['price'], queryFn: () => Promise.reject(new TypeError('fetch failed')) });
    expect(query('flags').state.status).toBe('error');
    expect(unanswered([query('flags'), query('price')]).map((q) => q.queryKey)).toEqual([['flags'], ['price']]);
  });

  it('when a read was never answered (its answer came too late), then it is unanswered', () => {
    const { query, read } = setup();
    read('network');
    expect(unanswered([query('network')]).map((q) => q.queryKey)).toEqual([['network']]);
  });

  it('when a read is disabled (asked only once something else is known), then the page does not wait for it', () => {
    const { query, read } = setup();
    read('economics', false);
    read('projection', () => false);
    read('history', () => true);
    expect(unanswered([query('economics'), query('projection'), query('history')]).map((q) => q.queryKey)).toEqual([['history']]);
  });

  it('when one read of several failed, then only that one is unanswered', async () => {
    const { client, query } = setup();
    await ask(client, { queryKey: ['flags'], queryFn: () => ({ paymentGate: false }) });
    await ask(client, { queryKey: ['endpoints'], queryFn: () => Promise.reject(new ApiError(502, 'Bad Gateway', '')) });
    expect(unanswered([query('flags'), query('endpoints')]).map((q) => q.queryKey)).toEqual([['endpoints']]);
  });
});
