import { PAYMENT_STATUS_EVENT, type PaymentStatus, paymentContract } from '@shm/contracts';
import { handler, type OpenStreams, type RouteHandler } from '@shm/platform';
import type { StatusHub } from '../../domain/ports';
import type { PaymentsDomain } from '../../domain/deps';
import { paymentStatusOf } from '../../domain/payment-status';

/**
 * GET /api/payment/events: a server-sent event stream of the signed-in wallet's payment status,
 * starting with the status now. Comment lines every `heartbeatMs` keep proxies (idle timeouts)
 * from closing it; nothing in the path compresses or buffers it. A stream holds a socket on every
 * hop while it is open, so `streams` caps them per wallet and in total (429 past either).
 */
export const eventsRoutes = (domain: PaymentsDomain, hub: StatusHub, heartbeatMs: number, streams: OpenStreams): RouteHandler[] => [
  handler(paymentContract.events, async ({ wallet, res }) => {
    streams.admit(res, wallet);
    let eventId = 0;
    // Filled in once the snapshot is out (changes until then wait in `early`) and the heartbeat runs;
    // the listeners below read them from the start, so they are not consts declared at that point.
    const stream: { snapshotAt?: string; heartbeat?: NodeJS.Timeout } = {};
    const early: PaymentStatus[] = [];
    const send = (status: PaymentStatus) => {
      eventId += 1;
      res.write(`event: ${PAYMENT_STATUS_EVENT}\nid: ${eventId}\ndata: ${JSON.stringify(status)}\n\n`);
    };
    // Listen before reading the snapshot, so no change falls between the two.
    const unsubscribe = hub.subscribe(wallet, (status) => (stream.snapshotAt === undefined ? early.push(status) : send(status)));
    res.on('close', () => {
      clearInterval(stream.heartbeat);
      unsubscribe();
    });
    const snapshot = await paymentStatusOf(domain, wallet);
    if (res.destroyed) return;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: 3000\n\n`);
    send(snapshot);
    stream.snapshotAt = snapshot.at;
    // A change published before the snapshot was read is already in it.
    for (const status of early) if (status.at >= snapshot.at) send(status);
    stream.heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs);
  }),
];
