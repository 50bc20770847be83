import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { MESSENGER_MSG, type Messenger, MessengerError, recordMessage } from './messenger.ts';

/**
 * The bot API adapter (Telegram Bot API shape): POST {baseUrl}/bot{token}/sendMessage with
 * { chat_id, text }, answer { ok, result: { message_id } }. The token is part of the URL path,
 * so it is never logged (errors name the status only).
 */
export function botMessenger(opts: {
  db: Db;
  clock: Clock;
  baseUrl: string;
  token: string;
  chatId: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): Messenger {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/bot${encodeURIComponent(opts.token)}/sendMessage`;
  return {
    kind: 'bot',
    async send(msg, db) {
      const chatId = msg.chatId ?? opts.chatId;
      const target = db ?? opts.db;
      const id = await recordMessage(target, opts.clock, { ...msg, chatId }, null);
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: chatId, text: msg.text, disable_web_page_preview: true }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch {
        throw new MessengerError(MESSENGER_MSG.unavailable);
      }
      const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: { message_id?: number } } | null;
      if (!res.ok || !body?.ok) throw new MessengerError(MESSENGER_MSG.unavailable);
      const externalId = body.result?.message_id !== undefined ? String(body.result.message_id) : null;
      await target.query('UPDATE messenger_messages SET external_id = $2 WHERE id = $1', [id, externalId]);
      return { id, externalId, chatId };
    },
  };
}
