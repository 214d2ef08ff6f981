// "The RPC" of the drill: a TCP proxy in front of the local chain that payments reads through.
// Taking it down closes the port and cuts every open connection (as a dead RPC node would), while
// the chain itself keeps running for the payers, who talk to it directly.
import net from 'node:net';

export interface RpcProxy {
  url: string;
  down: () => Promise<void>;
  up: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function startRpcProxy({ port, target }: { port: number; target: string }): Promise<RpcProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;

  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const listen = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(Number(targetPort), hostname);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.once('error', () => upstream.destroy());
        upstream.once('error', () => client.destroy());
      });
      server = listening;
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });

  await listen();
  /** Closes the port and resets every connection through it. */
  const down = async (): Promise<void> => {
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };
  return { url: `http://127.0.0.1:${port}`, down, up: listen, stop: down };
}
