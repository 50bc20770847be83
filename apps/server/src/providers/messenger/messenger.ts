import server from '@deklarant/i18n/locales/ru/server.json';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * The consultant tariff's messenger bot (ARCHITECTURE.md, providers): messages go to the managers' chat.
 * Every message is recorded in messenger_messages first; the bot adapter then delivers it.
 * Texts carry ids and form data only: no names, emails, IINs or phones leave through the bot.
 */
export interface MessengerMessage {
  text: string;
  declarationId?: number | null;
  userId?: number | null;
  /** the chat to post to; the configured managers' chat by default */
  chatId?: string;
}

export interface SentMessage {
  id: number;
  externalId: string | null;
  chatId: string;
}

export interface Messenger {
  readonly kind: 'sandbox' | 'bot';
  send(msg: MessengerMessage, db?: Db): Promise<SentMessage>;
}

export class MessengerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessengerError';
  }
}

export const MESSENGER_MSG = server.messenger;

/** Writes the message row; returns its id. */
export async function recordMessage(
  db: Db,
  clock: Clock,
  msg: MessengerMessage & { chatId: string },
  externalId: string | null,
): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO messenger_messages (declaration_id, user_id, direction, chat_id, text, external_id, created_at)
     VALUES ($1, $2, 'out', $3, $4, $5, $6) RETURNING id`,
    [msg.declarationId ?? null, msg.userId ?? null, msg.chatId, msg.text, externalId, clock.now()],
  );
  if (!row) throw new MessengerError('message not recorded');
  return row.id;
}
