import type { ReactNode } from 'react';
import type { CalculatorParams } from '@shm/contracts';
import { Button } from 'primereact/button';
import { CardFrame } from '../../../components/ui/card-frame';
import { ReadOnlyField } from '../../../components/ui/read-only-field';
import { formatNumber } from '../../../lib/format';
import { lazyPart } from '../../../lib/lazy-component';
import { ECONOMIC_FIELDS, NETWORK_FIELDS, SUPPLY_FIELDS, type ParamField, type ParamFieldSpec } from '../utils/param-fields';
import { ParamInput } from './param-input';

/** Loaded just after the first paint (its row keeps the button's height meanwhile, so nothing moves). */
const CopyLinkButton = lazyPart(() => import('./copy-link-button').then((m) => m.CopyLinkButton));

interface ParameterFormProps {
  params: CalculatorParams;
  onParamChange: (field: ParamField, value: number) => void;
  price: { isFetching: boolean; onRefresh: () => void };
  /** The link to this calculation; given, the card offers 'Copy link'. */
  shareUrl?: () => string;
  /** Under the network fields: where their live values came from. */
  networkNote?: ReactNode;
}

/** The three sections of the parameter form (spec §2.2). */
export function ParameterForm({ params, onParamChange, price, shareUrl, networkNote }: ParameterFormProps) {
  const input = (spec: ParamFieldSpec) => (
    <ParamInput
      key={spec.field}
      spec={spec}
      value={params[spec.field]}
      onValidChange={onParamChange}
      addon={spec.field === 'shmPrice' ? <PriceRefreshButton {...price} /> : undefined}
    />
  );

  return (
    <CardFrame
      className="form-card"
      title={
        <span className="form-card__title">
          Parameters
          {shareUrl ? <CopyLinkButton link={shareUrl} /> : null}
        </span>
      }
      subTitle="Changes recalculate instantly."
    >
      <form className="param-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <fieldset className="param-form__section">
          <legend className="param-form__legend">
            <i className="pi pi-sitemap" aria-hidden="true" /> Network Configuration
          </legend>
          {NETWORK_FIELDS.map(input)}
          <div className="param-form__pair">
            <ReadOnlyField
              id="readonly-activeNodes"
              label="Active Nodes"
              value={params.activeNodes === undefined ? '—' : formatNumber(params.activeNodes, 0)}
              hint="Active slots from live network data"
            />
            <ReadOnlyField
              id="readonly-communityNodes"
              label="Community Nodes"
              value={formatNumber(params.activeCommunityNodes + params.standbyNodes, 0)}
              hint="Active + Standby"
            />
          </div>
          {networkNote ? <div className="param-form__network-note">{networkNote}</div> : null}
        </fieldset>
        <fieldset className="param-form__section">
          <legend className="param-form__legend">
            <i className="pi pi-dollar" aria-hidden="true" /> Economic Parameters
          </legend>
          {ECONOMIC_FIELDS.map(input)}
        </fieldset>
        <fieldset className="param-form__section">
          <legend className="param-form__legend">
            <i className="pi pi-database" aria-hidden="true" /> Supply Parameters
          </legend>
          {SUPPLY_FIELDS.map(input)}
        </fieldset>
      </form>
    </CardFrame>
  );
}

function PriceRefreshButton({ isFetching, onRefresh }: ParameterFormProps['price']) {
  return (
    <Button
      type="button"
      icon="pi pi-refresh"
      loading={isFetching}
      onClick={onRefresh}
      disabled={isFetching}
      severity="secondary"
      outlined
      aria-label="Refresh SHM price"
      title="Fetch the live SHM price"
    />
  );
}
