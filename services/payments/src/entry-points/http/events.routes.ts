import { Router } from 'express';
import { PAYMENT_STATUS_EVENT, type PaymentStatus, paymentContract } from '@shm/contracts';
import { signedInWallet, type OpenStreams, mountRoute } from '@shm/platform';
import type { StatusHub } from '../../data-access/status.channel';
import type { PaymentUseCases } from '../../domain/use-cases';

/**
 * GET /api/payment/events: a server-sent event stream of the signed-in wallet's payment status,
 * starting with the status now. Comment lines every `heartbeatMs` keep proxies (idle timeouts)
 * from closing it; nothing in the path compresses or buffers it. A stream holds a socket on every
 * hop while it is open, so `streams` caps them per wallet and in total (429 past either).
 */
export function eventsRoutes(useCases: PaymentUseCases, hub: StatusHub, secret: string, heartbeatMs: number, streams: OpenStreams): Router {
  const router = Router();
  mountRoute(router, paymentContract.events, async (req, res) => {
    const wallet = signedInWallet(req, secret);
    streams.admit(res, wallet);
    let eventId = 0;
    let snapshotAt: string | undefined;
    const early: PaymentStatus[] = [];
    const send = (status: PaymentStatus) => {
      eventId += 1;
      res.write(`event: ${PAYMENT_STATUS_EVENT}\nid: ${eventId}\ndata: ${JSON.stringify(status)}\n\n`);
    };
    // Listen before reading the snapshot, so no change falls between the two.
    const unsubscribe = hub.subscribe(wallet, (status) => (snapshotAt === undefined ? early.push(status) : send(status)));
    let heartbeat: NodeJS.Timeout | undefined;
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    const snapshot = await useCases.paymentStatus(wallet);
    if (res.destroyed) return;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: 3000\n\n`);
    send(snapshot);
    snapshotAt = snapshot.at;
    // A change published before the snapshot was read is already in it.
    for (const status of early) if (status.at >= snapshotAt) send(status);
    heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs);
  });
  return router;
}
