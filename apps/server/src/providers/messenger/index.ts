import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { botMessenger } from './bot.ts';
import { MESSENGER_MSG, type Messenger, MessengerError } from './messenger.ts';
import { sandboxMessenger } from './sandbox.ts';

export { botMessenger } from './bot.ts';
export * from './messenger.ts';
export { SANDBOX_CHAT_ID, sandboxMessenger } from './sandbox.ts';

/**
 * The bot adapter when MESSENGER_BOT_URL, MESSENGER_BOT_TOKEN and MESSENGER_CHAT_ID are set;
 * otherwise the sandbox outside production, and in production a messenger that refuses.
 */
export function createMessenger(
  cfg: { messenger?: { url: string; token: string; chatId: string }; sandbox: boolean },
  db: Db,
  clock: Clock,
): Messenger {
  if (cfg.messenger)
    return botMessenger({
      db,
      clock,
      baseUrl: cfg.messenger.url,
      token: cfg.messenger.token,
      chatId: cfg.messenger.chatId,
    });
  if (cfg.sandbox) return sandboxMessenger({ db, clock });
  return {
    kind: 'bot',
    send: async () => {
      throw new MessengerError(MESSENGER_MSG.unavailable);
    },
  };
}
