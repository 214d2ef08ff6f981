import { useState } from 'react';
import { ALERT_CHANNELS, type AlertChannel } from '@shm/contracts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { fieldErrorsOf } from '../utils/api-errors';
import { CHANNELS, emptyDestination, type DestinationFormValues } from '../utils/alert-form';
import { FormField, invalidProps } from './form-field';

const CHANNEL_OPTIONS = ALERT_CHANNELS.map((value) => ({ value, label: CHANNELS[value].label }));

interface DestinationFormProps {
  pending: boolean;
  /** The wallet has as many destinations as it may keep: the form says so instead of submitting. */
  full: boolean;
  /** The last failure: a 400's field messages show beside their inputs. */
  error: unknown;
  /** `reset` empties the form (after the server accepted it). */
  onSubmit: (values: DestinationFormValues, reset: () => void) => void;
  /** Where the form starts (empty, a webhook, unless given). */
  initial?: DestinationFormValues;
}

/** Add a destination (a native select for the channel: three options, read by every screen reader): the channel, its URL, Telegram's chat id and a label. No checks here, the server names each bad field. */
export function DestinationForm({ pending, full, error, onSubmit, initial }: DestinationFormProps) {
  const [values, setValues] = useState(() => initial ?? emptyDestination());
  const set = <K extends keyof DestinationFormValues>(name: K, value: DestinationFormValues[K]) => setValues((prev) => ({ ...prev, [name]: value }));
  const errors = fieldErrorsOf(error);
  const channel = CHANNELS[values.channel];
  return (
    <form
      className="dashboard-panel"
      id="destination-form"
      data-testid="destination-form"
      aria-labelledby="alerts-add-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending && !full) onSubmit(values, () => setValues(emptyDestination()));
      }}
    >
      <h3 id="alerts-add-title" className="dashboard-panel__title">
        Add Destination
      </h3>
      <div className="input-grid input-grid--2">
        <FormField id="destination-channel" label="Channel" error={errors.channel}>
          <select
            id="destination-channel"
            className={`p-inputtext p-component dashboard-select${errors.channel ? ' p-invalid' : ''}`}
            value={values.channel}
            onChange={(e) => set('channel', e.target.value as AlertChannel)}
            aria-invalid={errors.channel ? true : undefined}
            aria-describedby={errors.channel ? 'destination-channel-error' : undefined}
          >
            {CHANNEL_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="destination-label" label="Label (optional)" error={errors.label}>
          <InputText
            id="destination-label"
            value={values.label}
            onChange={(e) => set('label', e.target.value)}
            autoComplete="off"
            {...invalidProps('destination-label', errors.label)}
          />
        </FormField>
      </div>
      <FormField id="destination-url" label={`${channel.label} URL`} error={errors.url} hint={channel.hint}>
        <InputText
          id="destination-url"
          type="url"
          inputMode="url"
          value={values.url}
          placeholder={channel.placeholder}
          onChange={(e) => set('url', e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="destination-url-hint"
          {...invalidProps('destination-url', errors.url)}
        />
      </FormField>
      {values.channel === 'telegram' ? (
        <FormField id="destination-chatId" label="Chat ID" error={errors.chatId} hint="A number such as -1001234567890, or @channelname.">
          <InputText
            id="destination-chatId"
            value={values.chatId}
            onChange={(e) => set('chatId', e.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="destination-chatId-hint"
            {...invalidProps('destination-chatId', errors.chatId)}
          />
        </FormField>
      ) : null}
      <div className="dashboard-row__actions">
        <Button type="submit" label="Add Destination" icon="pi pi-plus" size="small" loading={pending} disabled={full} data-testid="destination-submit" />
        {full ? <p className="dashboard-row__meta">You have as many destinations as you may keep: delete one to add another.</p> : null}
      </div>
    </form>
  );
}
