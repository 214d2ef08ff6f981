// "The RPC" of the drill: a TCP proxy in front of the local chain that payments reads through.
// Taking it down closes the port and cuts every open connection (as a dead RPC node would), while
// the chain itself keeps running for the payers, who talk to it directly.
import net from 'node:net';

export async function startRpcProxy({ port, target }) {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set();
  let server;

  const track = (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const listen = () =>
    new Promise((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(targetPort), hostname);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.once('error', () => upstream.destroy());
        upstream.once('error', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });

  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    /** Closes the port and resets every connection through it. */
    async down() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.resetAndDestroy();
      await closed;
    },
    up: listen,
    stop() {
      return this.down();
    },
  };
}
