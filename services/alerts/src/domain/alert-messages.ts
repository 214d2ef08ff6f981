import type { NodeChange, NodeChangeKind } from '@shm/contracts';
import type { AlertContent } from './ports';

/** How a node without an entry label is named: the start and the end of its key. */
export const shortKey = (publicKey: string) => `${publicKey.slice(0, 8)}…${publicKey.slice(-4)}`;

const WHAT: Partial<Record<NodeChangeKind, string>> = {
  activated: 'is active',
  removed: 'left the active set (removed)',
  apoptosized: 'left the active set (apoptosized)',
  lost: 'was reported lost',
  vanished: 'vanished from every list',
};

/** The sentence a wallet is told, in the app and at each destination. */
export function alertMessage(kind: NodeChangeKind, nodeLabel: string): string {
  return `Node ${nodeLabel} ${WHAT[kind] ?? `changed (${kind})`}`;
}

export function changeAlert(change: NodeChange, label: string | undefined): AlertContent {
  const nodeLabel = label?.trim() || shortKey(change.publicKey);
  return { type: 'node.changed', change, nodeLabel, message: alertMessage(change.kind, nodeLabel), at: change.at };
}

export function testAlert(label: string, at: string): AlertContent {
  return { type: 'test', change: null, nodeLabel: 'Test node', message: `Test alert for ${label}: this destination works`, at };
}
