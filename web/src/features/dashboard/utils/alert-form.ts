import type { AlertChannel, AlertDestination, CreateDestinationRequest } from '@shm/contracts';

export interface DestinationFormValues {
  channel: AlertChannel;
  url: string;
  chatId: string;
  label: string;
}

export const emptyDestination = (): DestinationFormValues => ({ channel: 'webhook', url: '', chatId: '', label: '' });

/** Each channel's name, icon, and what its URL looks like (the placeholder and the hint under the input). */
export const CHANNELS: Record<AlertChannel, { label: string; icon: string; placeholder: string; hint: string }> = {
  webhook: {
    label: 'Webhook',
    icon: 'pi pi-link',
    placeholder: 'https://example.com/hooks/shardeum',
    hint: 'Any https address that accepts a JSON POST.',
  },
  discord: {
    label: 'Discord',
    icon: 'pi pi-discord',
    placeholder: 'https://discord.com/api/webhooks/…',
    hint: 'Channel settings → Integrations → Webhooks → Copy Webhook URL.',
  },
  telegram: {
    label: 'Telegram',
    icon: 'pi pi-telegram',
    placeholder: 'https://api.telegram.org/bot<token>/sendMessage',
    hint: 'Your bot’s sendMessage address, with the token from @BotFather.',
  },
};

/** The request: a chat id only for Telegram, no empty label; the server checks the rest and names bad fields. */
export function toDestinationRequest(values: DestinationFormValues): Omit<CreateDestinationRequest, 'walletAddress'> {
  const chatId = values.chatId.trim();
  const label = values.label.trim();
  return {
    channel: values.channel,
    url: values.url.trim(),
    ...(values.channel === 'telegram' && chatId ? { chatId } : {}),
    ...(label ? { label } : {}),
  };
}

/** A destination as sentences name it: its label, else its channel ("Discord"), quoted like entries. */
export const destinationName = (destination: Pick<AlertDestination, 'label' | 'channel'>) =>
  destination.label.trim() ? `"${destination.label.trim()}"` : CHANNELS[destination.channel].label;
