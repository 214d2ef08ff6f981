// The shapes the drill (and the load run, which shares its client) passes around.
import type { JsonRpcProvider, JsonRpcSigner } from 'ethers';

/** One recorded call: what (kind/op), when it ended, and how (status: HTTP, or a network error's code). */
export interface Call {
  kind: string;
  op: string;
  start: number;
  end: number;
  ok: boolean;
  status: number | string;
  code?: string;
  wallet?: string;
  /** A paid wallet answered 403 (a grant denied). */
  denied?: boolean;
  /** An unpaid wallet answered 200 (the gate let it through). */
  leaked?: boolean;
}

export interface CallOptions {
  cookie?: string | null;
  ip?: string;
  body?: unknown;
  /** The status that counts as success, or a test of it (default: any 2xx). */
  expect?: number | ((status: number | string) => boolean);
}

/** A reply's fields the drill reads; `json` is the body as the route's contract shapes it. */
export interface Reply<T = Record<string, unknown>> {
  ok: boolean;
  status: number | string;
  json: T | undefined;
  setCookie: string | null;
  call: Call;
}

export type GatewayCall = <T = Record<string, unknown>>(kind: string, op: string, method: string, route: string, options?: CallOptions) => Promise<Reply<T>>;

export interface Recorder {
  calls: Call[];
  confirmations: { at: number; paidAt: number }[];
  add: (call: Call) => void;
  confirmed: (at: number, paidAt: number) => void;
  recoveredAt: (kinds: string[], since: number, faultAt: number) => number | null;
}

/** A signed-in wallet making calculations: paid ones once `confirmedAt` is set. */
export interface Visitor {
  wallet: string;
  ip: string;
  cookie?: string | null;
  confirmedAt?: number;
}

/** One payment of the load, from funding to access granted. */
export interface Payment extends Visitor {
  stage: string;
  nudges: number;
  sessionId?: string;
  txHash?: string;
  paidAt?: number;
  paid?: boolean;
  reportedAt?: number;
  nudgedAt?: number;
  confirmedInGrace?: boolean;
}

export interface LoadContext {
  call: GatewayCall;
  rec: Recorder;
  chain: JsonRpcProvider;
  funder: JsonRpcSigner;
  opts: { payers: number; payEveryMs: number; calcRate: number };
  payments: Payment[];
  stopNew: boolean;
  hardStop: boolean;
  nudgeMs: number;
}
