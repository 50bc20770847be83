import {
  almatyDateTime,
  FORM_CODES,
  type ReportingFormId,
  DECLARATION_STATUS as S,
  type Submission,
  type SubmissionStatus,
} from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import type { Deps } from '../../deps.ts';
import { languageOf } from '../../lib/language.ts';
import { letters } from '../../providers/mail/letters.ts';
import { ProviderUnavailable } from '../../providers/payment/errors.ts';
import type { TaxOfficeAnswer, TaxOfficeReceipt } from '../../providers/taxoffice/index.ts';
import { auditDeclaration } from '../declarations/index.ts';

/** The background job asking the tax office for its answer about one submission. */
export const ANSWER_JOB = 'taxoffice.answer';
/** First question a few seconds after sending; then less and less often, at most every 10 minutes. */
const FIRST_ASK_MS = 3000;
const MAX_GAP_MS = 10 * 60_000;
/** About three days of asking; after that the submission stays 'sent' and the audit tells why. */
const MAX_ASKS = 500;
const gapAfter = (asks: number) => Math.min(MAX_GAP_MS, 5000 * 2 ** Math.min(asks, 10));

interface SubmissionRow {
  id: number;
  declaration_id: number;
  provider: string;
  status: SubmissionStatus;
  registration_number: string | null;
  receipt: TaxOfficeReceipt | null;
  error: string | null;
  submitted_at: Date;
  ticket: string | null;
  registered_at: Date | null;
  has_pdf: boolean;
  polls: number;
}
const COLUMNS = `id, declaration_id, provider, status, registration_number, receipt, error, submitted_at, ticket,
  registered_at, receipt_pdf IS NOT NULL AS has_pdf, polls`;

export function toSubmission(r: SubmissionRow): Submission {
  return {
    status: r.status,
    registration_number: r.registration_number,
    submitted_at: r.submitted_at.toISOString(),
    registered_at: r.registered_at?.toISOString() ?? null,
    reason: r.status === 'rejected' ? r.error : null,
    receipt_available: r.status === 'accepted' && r.has_pdf,
    receipt: (r.receipt ?? {}) as unknown as Record<string, unknown>,
  };
}

/** The declaration's own copy of the latest answer (the list of forms shows it). */
async function mirror(
  t: Db,
  declarationId: number,
  s: { status: SubmissionStatus; number?: string | null; registeredAt?: Date | null; reason?: string | null },
  at: Date,
) {
  await t.query(
    `UPDATE declarations SET submission_status = $2, submission_number = $3, submission_registered_at = $4,
       submission_reason = $5, updated_at = $6 WHERE id = $1`,
    [declarationId, s.status, s.number ?? null, s.registeredAt ?? null, s.reason ?? null, at],
  );
}

/**
 * After sending (docs/statuses.md): a submission is 'sent' once the tax office acknowledged it; a job asks
 * for the answer until it is 'accepted' (number, date, receipt PDF kept) or 'rejected' (reason; the
 * declaration goes back to 6 to be signed again). Each answer applies once: a repeated or late answer
 * about a submission already answered changes nothing and sends no letter.
 */
export function submissionsService(deps: Deps) {
  const now = () => deps.clock.now();

  async function letterTarget(t: Db, declarationId: number) {
    const r = await t.one<{ email: string; language: string | null; reporting_form_id: number; year: number }>(
      'SELECT u.email, u.language, d.reporting_form_id, d.year FROM declarations d JOIN users u ON u.id = d.user_id WHERE d.id = $1',
      [declarationId],
    );
    return (
      r && {
        email: r.email,
        lng: languageOf(r.language),
        form_code: FORM_CODES[r.reporting_form_id as ReportingFormId] ?? '',
        year: r.year,
      }
    );
  }
  const pageUrl = (declarationId: number) =>
    `${deps.config.publicUrl}/app/declaration?step=8&declaration_id=${declarationId}`;

  async function enqueueAsk(t: Db, submissionId: number, asks: number, at: Date) {
    await deps.jobs.enqueue(
      ANSWER_JOB,
      { submissionId },
      {
        db: t,
        dedupeKey: `${ANSWER_JOB}:${submissionId}:${asks}`,
        runAt: new Date(at.getTime() + (asks === 0 ? FIRST_ASK_MS : gapAfter(asks))),
      },
    );
  }

  /** Applies one answer, once; returns what happened (for tests and the job's result). */
  async function apply(submissionId: number, answer: TaxOfficeAnswer): Promise<'applied' | 'replayed' | 'waiting'> {
    if (answer.state === 'processing') return 'waiting';
    return deps.db.tx(async (t) => {
      const sub = await t.one<SubmissionRow>(`SELECT ${COLUMNS} FROM submissions WHERE id = $1 FOR UPDATE`, [
        submissionId,
      ]);
      if (sub?.status !== 'sent') return 'replayed';
      const at = now();
      const target = await letterTarget(t, sub.declaration_id);
      const decl = { formCode: target?.form_code ?? '', year: target?.year ?? 0 };
      if (answer.state === 'accepted') {
        const registeredAt = new Date(answer.registeredAt);
        const receipt = {
          ...(sub.receipt ?? {}),
          registration_number: answer.registrationNumber,
          registered_at: registeredAt.toISOString(),
        };
        await t.query(
          `UPDATE submissions SET status = 'accepted', registration_number = $2, registered_at = $3, receipt_pdf = $4,
             receipt = $5, answered_at = $6 WHERE id = $1`,
          [sub.id, answer.registrationNumber, registeredAt, answer.receiptPdf, JSON.stringify(receipt), at],
        );
        await mirror(
          t,
          sub.declaration_id,
          { status: 'accepted', number: answer.registrationNumber, registeredAt },
          at,
        );
        await auditDeclaration(t, {
          actor: null,
          declarationId: sub.declaration_id,
          action: 'status',
          at,
          details: { submission: 'accepted', registration_number: answer.registrationNumber },
        });
        if (target) {
          await deps.providers.mailer.send(
            letters.declarationAccepted(
              target.lng,
              target.email,
              {
                ...decl,
                registrationNumber: answer.registrationNumber,
                registeredAt: almatyDateTime(registeredAt.toISOString()),
              },
              pageUrl(sub.declaration_id),
            ),
            t,
          );
        }
        return 'applied';
      }
      await t.query(`UPDATE submissions SET status = 'rejected', error = $2, answered_at = $3 WHERE id = $1`, [
        sub.id,
        answer.reason,
        at,
      ]);
      await mirror(t, sub.declaration_id, { status: 'rejected', reason: answer.reason }, at);
      // signed again after fixing: back to 'Ожидает подписания' (only from 9, where sending left it)
      const moved = await t.query(
        'UPDATE declarations SET status = $2, updated_at = $4 WHERE id = $1 AND status = $3 RETURNING id',
        [sub.declaration_id, S.SIGN, S.READY, at],
      );
      await auditDeclaration(t, {
        actor: null,
        declarationId: sub.declaration_id,
        action: 'status',
        at,
        details: { submission: 'rejected', ...(moved.length ? { from: S.READY, to: S.SIGN } : {}) },
      });
      if (target) {
        await deps.providers.mailer.send(
          letters.declarationRejected(
            target.lng,
            target.email,
            { ...decl, reason: answer.reason },
            pageUrl(sub.declaration_id),
          ),
          t,
        );
      }
      return 'applied';
    });
  }

  return {
    apply,

    /** Inside the sending transaction: the acknowledged submission, its mirror, the letter and the first question. */
    async recordSent(
      t: Db,
      p: { declarationId: number; sessionId: number; receipt: TaxOfficeReceipt; at: Date },
    ): Promise<Submission> {
      const row = await t.one<SubmissionRow>(
        `INSERT INTO submissions (declaration_id, signing_session_id, provider, status, ticket, receipt, submitted_at)
         VALUES ($1, $2, $3, 'sent', $4, $5, $6) RETURNING ${COLUMNS}`,
        [
          p.declarationId,
          p.sessionId,
          deps.providers.taxOffice.mode,
          p.receipt.ticket,
          JSON.stringify(p.receipt),
          p.at,
        ],
      );
      if (!row) throw new Error('submission not recorded');
      await mirror(t, p.declarationId, { status: 'sent' }, p.at);
      await enqueueAsk(t, row.id, 0, p.at);
      const target = await letterTarget(t, p.declarationId);
      if (target) {
        await deps.providers.mailer.send(
          letters.declarationSent(
            target.lng,
            target.email,
            { formCode: target.form_code, year: target.year },
            pageUrl(p.declarationId),
          ),
          t,
        );
      }
      return toSubmission(row);
    },

    /** Refused on receipt (signature, format): kept as 'rejected' with the reason; the status stays 6. */
    async recordRefused(p: { declarationId: number; sessionId: number; reason: string }): Promise<void> {
      const at = now();
      await deps.db.tx(async (t) => {
        await t.query(
          `INSERT INTO submissions (declaration_id, signing_session_id, provider, status, error, submitted_at, answered_at)
           VALUES ($1, $2, $3, 'rejected', $4, $5, $5)`,
          [p.declarationId, p.sessionId, deps.providers.taxOffice.mode, p.reason, at],
        );
        await mirror(t, p.declarationId, { status: 'rejected', reason: p.reason }, at);
      });
    },

    /** The job: asks the tax office once; no answer yet (or it is down) means asking again later. */
    async ask(payload: unknown): Promise<string> {
      const submissionId = Number((payload as { submissionId?: unknown } | null)?.submissionId);
      const sub = await deps.db.one<SubmissionRow>(`SELECT ${COLUMNS} FROM submissions WHERE id = $1`, [submissionId]);
      if (sub?.status !== 'sent' || !sub.ticket) return 'replayed';
      let answer: TaxOfficeAnswer;
      try {
        answer = await deps.providers.taxOffice.answer(sub.ticket);
      } catch (err) {
        if (!(err instanceof ProviderUnavailable)) throw err;
        answer = { state: 'processing' };
      }
      const outcome = await apply(sub.id, answer);
      if (outcome === 'waiting') {
        const asks = sub.polls + 1;
        await deps.db.tx(async (t) => {
          await t.query('UPDATE submissions SET polls = $2 WHERE id = $1', [sub.id, asks]);
          if (asks < MAX_ASKS) await enqueueAsk(t, sub.id, asks, now());
          else {
            await auditDeclaration(t, {
              actor: null,
              declarationId: sub.declaration_id,
              action: 'status',
              at: now(),
              details: { submission: 'no_answer', asks },
            });
          }
        });
      }
      return outcome;
    },

    async latest(declarationId: number): Promise<Submission | null> {
      const r = await deps.db.one<SubmissionRow>(
        `SELECT ${COLUMNS} FROM submissions WHERE declaration_id = $1 ORDER BY id DESC LIMIT 1`,
        [declarationId],
      );
      return r ? toSubmission(r) : null;
    },

    /** The receipt (талон) of the accepted submission, as the tax office gave it. */
    async receiptPdf(declarationId: number): Promise<{ number: string; pdf: Buffer } | null> {
      const r = await deps.db.one<{ registration_number: string; receipt_pdf: Buffer | Uint8Array }>(
        `SELECT registration_number, receipt_pdf FROM submissions
         WHERE declaration_id = $1 AND status = 'accepted' AND receipt_pdf IS NOT NULL ORDER BY id DESC LIMIT 1`,
        [declarationId],
      );
      return r ? { number: r.registration_number, pdf: Buffer.from(r.receipt_pdf) } : null;
    },
  };
}
