import { useState } from 'react';
import type { UnstakeDiagnosis } from '@shm/contracts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { shortenAddress } from '../../../lib/format';
import { UNSTAKE_STATE_LABELS, formatUtc } from '../utils/money-format';
import { formatWei } from '../utils/wei';
import { FactList } from './fact-list';
import { FormField, invalidProps } from './form-field';

/** "Can I unstake now?": the state, the chain's rule and refusal word for word, when it changes, and the payout. */
export function UnstakeDiagnosisPanel({ diagnosis }: { diagnosis: UnstakeDiagnosis | null }) {
  if (!diagnosis) return <p className="dashboard-caption">Not known: the chain's accounts were not read.</p>;
  const { payout, refusal, changes } = diagnosis;
  return (
    <div className="node-money__diagnosis" data-testid="unstake-diagnosis" data-state={diagnosis.state}>
      <p className="node-money__answer" data-testid="unstake-answer">
        <Tag
          value={diagnosis.canUnstake ? 'Yes' : 'Not now'}
          icon={diagnosis.canUnstake ? 'pi pi-check' : 'pi pi-ban'}
          severity={diagnosis.canUnstake ? 'success' : 'warning'}
        />{' '}
        <strong data-testid="unstake-state">{UNSTAKE_STATE_LABELS[diagnosis.state]}</strong>
        {diagnosis.wallet ? <span className="node-money__rule"> for {shortenAddress(diagnosis.wallet)}</span> : null}
      </p>
      <p data-testid="unstake-rule">
        <span className="node-money__term">The chain's rule: </span>
        {diagnosis.rule}
      </p>
      {refusal ? (
        <figure className="node-money__refusal">
          <figcaption className="node-money__term">The chain refuses an unstake now with:</figcaption>
          <blockquote data-testid="unstake-refusal">“{refusal}”</blockquote>
        </figure>
      ) : null}
      <p data-testid="unstake-changes">
        <span className="node-money__term">When this changes: </span>
        {changes.at ? `${formatUtc(changes.at)}. ` : null}
        {changes.text}
      </p>
      {diagnosis.forcedForfeitsRewardWei ? (
        <p className="dashboard-error" role="alert" data-testid="unstake-forfeit">
          <span>
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> A forced unstake now forfeits the reward: the {formatWei(diagnosis.forcedForfeitsRewardWei)} credited
            and the last active period, which the chain has not credited yet. With no reward end time set, it pays back the stake only.
          </span>
        </p>
      ) : null}
      {payout ? (
        <div className="node-money__payout">
          <FactList
          label="What an unstake pays"
          facts={[
            ['Stake', formatWei(payout.stakeWei), 'payout-stake'],
            ['+ Reward', formatWei(payout.rewardWei), 'payout-reward'],
            ['− Fee', formatWei(payout.feeWei), 'payout-fee'],
              ['= Payout', formatWei(payout.payoutWei), 'payout-total'],
            ]}
          />
        </div>
      ) : null}
    </div>
  );
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** 64 hex characters (a private key's length) or a phrase of 12 words or more (a seed phrase). */
const LOOKS_SECRET = /^(0x)?[0-9a-fA-F]{64}$|^\S+(\s+\S+){11,}$/;
const FIELD_ID = 'unstake-wallet';

/** What the wallet field does with its text: check an address; refuse, clear and never send what looks like a key. */
export function judgeWalletText(input: string): { wallet: string } | { error: string; clear: boolean } {
  const text = input.trim();
  if (LOOKS_SECRET.test(text)) {
    return { error: 'That looks like a private key or a seed phrase, not an address: it was cleared and not sent. Enter the wallet address (0x and 40 hex characters).', clear: true };
  }
  return ADDRESS.test(text) ? { wallet: text } : { error: 'Enter a wallet address: 0x and 40 hex characters.', clear: false };
}

/** The wallet the diagnosis checks as the one that would unstake: an address, never a key. */
export function WalletCheckForm({ initial, serverError, onCheck }: { initial: string; serverError?: string; onCheck: (wallet: string) => void }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const shown = error ?? serverError;
  const submit = () => {
    const judged = judgeWalletText(value);
    if ('wallet' in judged) {
      setError(undefined);
      onCheck(judged.wallet);
      return;
    }
    if (judged.clear) setValue('');
    setError(judged.error);
  };
  return (
    <form
      className="node-money__wallet"
      data-testid="unstake-wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField id={FIELD_ID} label="Wallet that would unstake (its address)" error={shown} hint="Checked as the nominator. An address only: no key is ever needed.">
        <InputText
          id={FIELD_ID}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          {...invalidProps(FIELD_ID, shown)}
        />
      </FormField>
      <Button type="submit" label="Check This Wallet" icon="pi pi-search" size="small" outlined data-testid="unstake-wallet-check" />
    </form>
  );
}
