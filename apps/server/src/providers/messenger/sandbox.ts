import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Messenger, recordMessage } from './messenger.ts';

export const SANDBOX_CHAT_ID = 'sandbox-managers';

/**
 * The sandbox messenger: the message is stored (messenger_messages) and logged by id only,
 * the same path as the bot adapter without the network.
 */
export function sandboxMessenger(opts: {
  db: Db;
  clock: Clock;
  chatId?: string;
  log?: (line: string) => void;
}): Messenger {
  return {
    kind: 'sandbox',
    async send(msg, db) {
      const chatId = msg.chatId ?? opts.chatId ?? SANDBOX_CHAT_ID;
      const id = await recordMessage(db ?? opts.db, opts.clock, { ...msg, chatId }, null);
      const externalId = `sandbox-${id}`;
      await (db ?? opts.db).query('UPDATE messenger_messages SET external_id = $2 WHERE id = $1', [id, externalId]);
      opts.log?.(`messenger sandbox: message ${id} to ${chatId} (declaration ${msg.declarationId ?? '-'})`);
      return { id, externalId, chatId };
    },
  };
}
