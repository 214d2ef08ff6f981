// The drill's ports: the product's defaults moved by an offset, with the rule TEST_PORTS uses (a port
// that would land in Linux's ephemeral range 32768–60999 is moved below the default instead), plus
// the two processes only the drill runs: a second payments instance (the worker) and the RPC proxy.
import net from 'node:net';
import { DEFAULT_PORTS, type Ports } from '../processes';

/** The product's ports plus the two only the drill runs. */
export type DrillPorts = Ports & { PAYMENTS_WORKER_PORT: number; RPC_PROXY_PORT: number };

const EPHEMERAL_START = 32_768;

const shift = (port: number, offset: number): number => {
  const up = port + offset;
  if (up < EPHEMERAL_START) return up;
  return port - offset > 1024 ? port - offset : up > 65_535 ? up - 60_000 : up;
};

/** Every port the drill listens on for `offset` (23000 puts the services on 31xxx). */
export function drillPorts(offset: number): DrillPorts {
  const ports = Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, shift(port, offset)])) as Ports;
  return {
    ...ports,
    /** The payments instance that runs the verification worker (the API one runs none); clear of the services' 81xx ports. */
    PAYMENTS_WORKER_PORT: shift(DEFAULT_PORTS.PAYMENTS_PORT + 10, offset),
    /** The proxy payments reads the chain through; the drill takes it down as "the RPC". */
    RPC_PROXY_PORT: shift(DEFAULT_PORTS.CHAIN_PORT + 1, offset),
  };
}

/** The drill's ports where something already listens (another drill, or another run on the same offset). */
export async function takenPorts(ports: Record<string, number>): Promise<string[]> {
  const taken = await Promise.all(
    Object.entries(ports).map(
      ([name, port]) =>
        new Promise<string | null>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          socket.once('connect', () => {
            socket.destroy();
            resolve(`${name} ${port}`);
          });
          socket.once('error', () => resolve(null));
        }),
    ),
  );
  return taken.filter((name): name is string => name !== null);
}
