import type {
  ChainReader,
  Clock,
  GrantStore,
  IntentStore,
  PaymentEvents,
  PaymentStore,
  StatusPublisher,
  VerificationQueue,
  WalletStore,
} from './ports';
import type { RefusalContext } from './refusals';

/** What a payment must be, from the configuration. Addresses lower-case. */
export interface PaymentTermsConfig extends RefusalContext {
  amountWei: bigint;
  minConfirmations: number;
  /** A transaction mined up to this long before its intent still counts (clock differences). */
  clockSkewMs: number;
}

/** Everything the use cases need; built once in compose.ts, replaced by fakes or test wiring in tests. */
export interface PaymentsDomain {
  intents: IntentStore;
  payments: PaymentStore;
  grants: GrantStore;
  wallets: WalletStore;
  chain: ChainReader;
  queue: VerificationQueue;
  status: StatusPublisher;
  events: PaymentEvents;
  now: Clock;
  terms: PaymentTermsConfig;
  /** Payment sessions without a transaction one wallet may hold; beyond them initiate returns the newest. */
  maxOpenIntents: number;
  newId(): string;
}
