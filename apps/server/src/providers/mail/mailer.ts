import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/db.ts';

export interface Letter {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the verification code, if the letter carries one (the dev outbox shows it) */
  code?: string;
}

export interface Mailer {
  /** Records the letter in the outbox (inside the caller's transaction when given) and schedules delivery. */
  send(letter: Letter, db?: Db): Promise<void>;
  /** Delivers letters not yet sent (SMTP); retried by the periodic sweep. */
  deliverPending(): Promise<number>;
  close(): void;
}

/**
 * Every letter is written to the outbox table first, so a crash between "decided to send" and
 * "sent" loses nothing. With SMTP_URL the sweep sends pending rows; without it the outbox is the
 * delivery (shown at /dev/mailbox outside production).
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; sweepMs?: number }): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  let running: Promise<number> | undefined;

  const deliverPending = async (): Promise<number> => {
    if (!transport) return 0;
    if (running) return running;
    running = (async () => {
      const rows = await opts.db.query<{
        id: number;
        to_email: string;
        subject: string;
        text_body: string;
        html_body: string;
      }>('SELECT id, to_email, subject, text_body, html_body FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 50');
      let sent = 0;
      for (const r of rows) {
        try {
          await transport.sendMail({
            from: opts.from,
            to: r.to_email,
            subject: r.subject,
            text: r.text_body,
            html: r.html_body,
          });
          await opts.db.query('UPDATE outbox SET sent_at = now() WHERE id = $1', [r.id]);
          sent += 1;
        } catch {
          // left pending; the next sweep retries
        }
      }
      return sent;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = transport
    ? setInterval(() => void deliverPending().catch(() => {}), opts.sweepMs ?? 30_000)
    : undefined;
  timer?.unref();

  return {
    async send(letter, db = opts.db) {
      await db.query(
        `INSERT INTO outbox (to_email, subject, text_body, html_body, code, sent_at)
         VALUES ($1, $2, $3, $4, $5, ${transport ? 'NULL' : 'now()'})`,
        [letter.to, letter.subject, letter.text, letter.html, letter.code ?? null],
      );
      if (transport) setImmediate(() => void deliverPending().catch(() => {}));
    },
    deliverPending,
    close() {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}
