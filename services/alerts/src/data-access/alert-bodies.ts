import type { AlertChannel } from '@shm/contracts';
import type { AlertContent } from '../domain/ports';

/** Discord refuses a message whose `content` is longer. */
export const DISCORD_CONTENT_MAX = 2000;
/** Telegram refuses a message whose `text` is longer. */
export const TELEGRAM_TEXT_MAX = 4096;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The generic JSON body (docs/alerts.md): the delivery id, what happened, the sentence shown in the app and its place in an episode. */
export function webhookBody(id: string, alert: AlertContent) {
  const episode = alert.phase ? { phase: alert.phase, trigger: alert.trigger, episodeId: alert.episodeId ?? null } : {};
  return { id, type: alert.type, change: alert.change, nodeLabel: alert.nodeLabel, message: alert.message, ...episode, at: alert.at };
}

/** A Discord webhook message; mentions are never parsed, so no label can ping a channel. */
export function discordBody(alert: AlertContent) {
  const { change } = alert;
  return {
    content: clip(alert.message, DISCORD_CONTENT_MAX),
    allowed_mentions: { parse: [] as string[] },
    ...(change
      ? {
          embeds: [
            {
              title: clip(alert.nodeLabel, 256),
              fields: [
                { name: 'Change', value: change.kind, inline: true },
                { name: 'State', value: `${change.from} → ${change.to}`, inline: true },
                { name: 'Cycle', value: String(change.cycle), inline: true },
                { name: 'Public key', value: change.publicKey },
              ],
              timestamp: change.at,
            },
          ],
        }
      : {}),
  };
}

/** Telegram's sendMessage, as plain text (no parse_mode: nothing in a label is read as markup). */
export function telegramBody(chatId: string, alert: AlertContent) {
  const detail = alert.change ? `\nCycle ${alert.change.cycle} · ${alert.change.publicKey}` : '';
  return { chat_id: chatId, text: clip(`${alert.message}${detail}`, TELEGRAM_TEXT_MAX) };
}

export function alertBody(destination: { channel: AlertChannel; chatId: string | null }, id: string, alert: AlertContent): unknown {
  switch (destination.channel) {
    case 'webhook':
      return webhookBody(id, alert);
    case 'discord':
      return discordBody(alert);
    case 'telegram':
      return telegramBody(destination.chatId ?? '', alert);
  }
}
