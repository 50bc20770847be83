import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MSG, DECLARATION_STATUS as S, type SendSignedResult, type Submission } from '@deklarant/contracts';
import { DocumentError, parseFno, renderXml, validateXml } from '@deklarant/documents';
import { DEFAULT_LANGUAGE, type Language } from '@deklarant/i18n';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/errors.ts';
import { t } from '../../lib/language.ts';
import { ProviderRejected, ProviderUnavailable } from '../../providers/payment/errors.ts';
import { kzToday, toNbkDate } from '../../providers/rates/dates.ts';
import { stripSignature, verifyXmlSignature } from '../../providers/signing/xmldsig.ts';
import type { TaxOfficeReceipt } from '../../providers/taxoffice/index.ts';
import {
  assertCanSign,
  auditDeclaration,
  blocked,
  type DeclarationRow,
  declarationsRepo,
  declarationsService,
} from '../declarations/index.ts';
import { buildDeclarationDocument } from '../documents/index.ts';
import { submissionsService } from './submissions.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

interface SessionRow {
  id: number;
  declaration_id: number;
  user_id: number;
  signable_id: string;
  state: string;
  status: 'prepared' | 'redirected' | 'exchanged' | 'signed' | 'failed';
  code_hash: string | null;
  access_token: string | null;
  unsigned_xml: string;
  signed_xml: string | null;
  used_at: Date | null;
}

/** The submission day (dd.mm.yyyy) the prepared file carries; '' when it has none. */
function submitDateOf(xml: string): string {
  for (const form of parseFno(xml).forms) {
    for (const sheet of form.sheets) {
      const hit = sheet.fields.find(([name]) => name === 'submit_date');
      if (hit) return hit[1];
    }
  }
  return '';
}

/**
 * The tax office takes a file only with `submit_date` equal to the day it is submitted (Almaty time; S5 of
 * fno-xml.md): a file prepared on an earlier day is prepared again before it is signed, and a file signed
 * on an earlier day is not sent (its signed bytes cannot change).
 */
function datedBefore(xml: string, at: Date): boolean {
  const day = submitDateOf(xml);
  return day !== '' && day !== toNbkDate(kzToday(at));
}

/** A signing session is good for an hour after it was prepared. */
const SESSION_TTL = "interval '1 hour'";

const codeUsed = () => new HttpError(409, MSG.signingCodeUsed);
const codeInvalid = () => new HttpError(422, MSG.signingCodeInvalid);
const signerDown = () => new HttpError(503, MSG.signingProviderDown);

function providerError(err: unknown): never {
  if (err instanceof ProviderRejected) {
    if (err.reason === 'code_used') throw codeUsed();
    throw codeInvalid();
  }
  if (err instanceof ProviderUnavailable) throw signerDown();
  throw err;
}

/**
 * Signing and sending: the declaration XML goes to the signer, the browser
 * signs there and comes back to /aitu-process?code=…; the code is exchanged once, the signed XML is
 * checked and kept, sent to the tax office when tax_office_sending is set, and the declaration is ready (9).
 */
export function signingService(deps: Deps) {
  const declarations = declarationsService(deps);
  const submissions = submissionsService(deps);
  const now = () => deps.clock.now();

  /** Only our own /aitu-process page, on our public address or the address the browser used. */
  function checkRedirect(redirectUri: string, host: string | undefined): void {
    let u: URL;
    try {
      u = new URL(redirectUri);
    } catch {
      throw new HttpError(422, MSG.signingBadRedirect);
    }
    const allowed = new Set([new URL(deps.config.publicUrl).host, ...(host ? [host] : [])]);
    if (!/^https?:$/.test(u.protocol) || !allowed.has(u.host) || u.pathname !== '/aitu-process') {
      throw new HttpError(422, MSG.signingBadRedirect);
    }
  }

  const latestSession = (declarationId: number, statuses: string[]) =>
    deps.db.one<SessionRow>(
      `SELECT * FROM signing_sessions WHERE declaration_id = $1 AND status = ANY($2::text[]) AND used_at IS NULL
         AND created_at > $3::timestamptz - ${SESSION_TTL} ORDER BY id DESC LIMIT 1`,
      [declarationId, statuses, now()],
    );

  /**
   * The template check's refusal: the whole list of what to fix (a long list is cut, saying how many more there
   * are), in the reader's language (Russian as before). The problems come from the checks in that language,
   * each field named by its label in it where there is one; the answer's localization finds no Russian text
   * in a Kazakh or English list and leaves it as it is.
   */
  const checkRefusal = (errors: string[], lang: Language) => {
    const more = errors.length > 20 ? t(lang, 'server:signing.andMore', { n: errors.length - 20 }) : '';
    return `${t(lang, 'errors:checkInput')}: ${errors.slice(0, 20).join('; ')}${more}`;
  };

  async function prepare(actor: Actor, id: number, lang: Language = DEFAULT_LANGUAGE) {
    const row = await declarations.loadOwn(actor, id);
    assertCanSign(row, now());
    let xml: string;
    try {
      // The same document as the downloads: same figures, names and personal data.
      const doc = await buildDeclarationDocument(deps, row);
      xml = renderXml(doc);
      const check = await validateXml(xml, doc.form, { lang });
      if (!check.valid) throw new HttpError(422, checkRefusal(check.errors, lang));
    } catch (err) {
      if (err instanceof DocumentError) throw new HttpError(422, err.message);
      throw err;
    }
    const name = `declaration-${id}.xml`;
    let signableId: string;
    try {
      ({ signableId } = await deps.providers.signer.upload({ name, xml }));
    } catch (err) {
      if (err instanceof ProviderUnavailable || err instanceof ProviderRejected) throw signerDown();
      throw err;
    }
    const at = now();
    await deps.db.query(
      `INSERT INTO signing_sessions (declaration_id, user_id, provider, signable_id, state, unsigned_xml, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [id, actor.user.id, deps.providers.signer.name, signableId, randomBytes(16).toString('hex'), xml, at],
    );
    return { row, name };
  }

  /** The code -> token exchange, once per code; a code already exchanged by us is found by its hash. */
  async function exchange(session: SessionRow, code: string, redirectUri: string): Promise<SessionRow> {
    let token: string;
    try {
      ({ accessToken: token } = await deps.providers.signer.exchangeCode({ code, redirectUri }));
    } catch (err) {
      providerError(err);
    }
    const updated = await deps.db.one<SessionRow>(
      `UPDATE signing_sessions SET status = 'exchanged', code_hash = $2, access_token = $3, updated_at = $4
       WHERE id = $1 AND used_at IS NULL RETURNING *`,
      [session.id, sha256(code), token, now()],
    );
    if (!updated) throw codeUsed();
    return updated;
  }

  /** Fetches the signed XML, checks it is our document, signed, and keeps it. */
  async function fetchSigned(session: SessionRow): Promise<SessionRow> {
    if (session.signed_xml) return session;
    let docs: { signableId: string; signedXml: string }[];
    try {
      docs = await deps.providers.signer.signedDocuments(session.access_token ?? '');
    } catch (err) {
      if (err instanceof ProviderUnavailable) throw signerDown();
      throw new HttpError(422, MSG.signingFailed);
    }
    const doc = docs.find((d) => d.signableId === session.signable_id);
    if (!doc) throw new HttpError(422, MSG.signingFailed);
    if (deps.providers.signer.trustedCert) {
      const v = verifyXmlSignature(doc.signedXml, deps.providers.signer.trustedCert);
      if (!v.valid || stripSignature(doc.signedXml).trim() !== session.unsigned_xml.trim()) {
        throw new HttpError(422, MSG.signingInvalidSignature);
      }
    }
    const updated = await deps.db.one<SessionRow>(
      `UPDATE signing_sessions SET status = 'signed', signed_xml = $2, access_token = NULL, updated_at = $3
       WHERE id = $1 RETURNING *`,
      [session.id, doc.signedXml, now()],
    );
    return updated ?? session;
  }

  async function sessionForCode(row: DeclarationRow, code: string): Promise<SessionRow | undefined> {
    const byCode = await deps.db.one<SessionRow>('SELECT * FROM signing_sessions WHERE code_hash = $1', [sha256(code)]);
    if (byCode) {
      if (byCode.declaration_id !== row.id || byCode.used_at) throw codeUsed();
      return byCode;
    }
    return undefined;
  }

  return {
    prepare: async (actor: Actor, id: number, lang?: Language) => {
      const { row, name } = await prepare(actor, id, lang);
      return {
        success: true,
        data: { declaration_id: id, document: name, tax_office_sending: row.tax_office_sending },
      };
    },

    async urlForSigning(
      actor: Actor,
      id: number,
      redirectUri: string,
      host?: string,
      lang?: Language,
    ): Promise<string> {
      checkRedirect(redirectUri, host);
      const row = await declarations.loadOwn(actor, id);
      assertCanSign(row, now());
      let session = await latestSession(id, ['prepared', 'redirected']);
      if (!session || datedBefore(session.unsigned_xml, now())) {
        await prepare(actor, id, lang);
        session = await latestSession(id, ['prepared']);
      }
      if (!session) throw new HttpError(409, MSG.signingNotPrepared);
      await deps.db.query(`UPDATE signing_sessions SET status = 'redirected', updated_at = $2 WHERE id = $1`, [
        session.id,
        now(),
      ]);
      return deps.providers.signer.authorizeUrl({
        redirectUri,
        state: session.state,
        signableIds: [session.signable_id],
      });
    },

    /** POST /api/signing/exchange-code-for-token: the user's latest session waiting for its code. */
    async exchangeCode(actor: Actor, code: string, redirectUri: string): Promise<string> {
      const known = await deps.db.one<SessionRow>('SELECT * FROM signing_sessions WHERE code_hash = $1', [
        sha256(code),
      ]);
      if (known) throw codeUsed();
      const session = await deps.db.one<SessionRow>(
        `SELECT * FROM signing_sessions WHERE user_id = $1 AND status = 'redirected' AND used_at IS NULL
         ORDER BY id DESC LIMIT 1`,
        [actor.user.id],
      );
      if (!session) throw new HttpError(409, MSG.signingNotPrepared);
      const s = await exchange(session, code, redirectUri);
      return s.access_token ?? '';
    },

    /** POST /api/signing/{id}/save-unsigned-files: keeps the files of the signing session reached by this token. */
    async saveFiles(actor: Actor, id: number, accessToken: string): Promise<void> {
      const row = await declarations.loadOwn(actor, id);
      assertCanSign(row, now());
      const session = await latestSession(id, ['exchanged', 'signed']);
      if (!session?.access_token || !same(session.access_token, accessToken)) {
        if (session?.status === 'signed') return;
        throw new HttpError(409, MSG.signingNotPrepared);
      }
      await fetchSigned(session);
    },

    /** POST /api/signing/{id}/send-signed-file: the code once, the signed file checked, sent, status 9. */
    async sendSigned(
      actor: Actor,
      id: number,
      code: string,
      redirectUri: string,
      host?: string,
    ): Promise<SendSignedResult> {
      checkRedirect(redirectUri, host);
      const row = await declarations.loadOwn(actor, id);
      let session = await sessionForCode(row, code);
      assertCanSign(row, now());
      if (!session) {
        const waiting = await latestSession(id, ['redirected']);
        if (!waiting) throw new HttpError(409, MSG.signingNotPrepared);
        session = await exchange(waiting, code, redirectUri);
      }
      session = await fetchSigned(session);
      const signedXml = session.signed_xml ?? '';
      if (row.tax_office_sending && datedBefore(session.unsigned_xml, now())) {
        throw new HttpError(409, MSG.signingDayChanged);
      }

      let receipt: TaxOfficeReceipt | null = null;
      if (row.tax_office_sending) {
        const kgd = await deps.db.one<{ code: string }>('SELECT code FROM kgd_codes WHERE id = $1', [row.kgd_code_id]);
        try {
          receipt = await deps.providers.taxOffice.send({
            signedXml,
            form: row.reporting_form_id as 1 | 2 | 3,
            year: row.year,
            kgdCode: kgd?.code ?? '',
          });
        } catch (err) {
          // the signed file is kept: sending again needs no new signature
          if (err instanceof ProviderUnavailable) throw new HttpError(503, MSG.taxOfficeDown);
          if (err instanceof ProviderRejected) {
            await submissions.recordRefused({ declarationId: id, sessionId: session.id, reason: err.reason });
            throw new HttpError(422, `${MSG.sendFailed}: ${err.reason}`);
          }
          throw err;
        }
      }
      const at = now();
      const sessionId = session.id;
      let submission: Submission | null = null;
      await deps.db.tx(async (t) => {
        const used = await t.query(
          'UPDATE signing_sessions SET used_at = $2, updated_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
          [sessionId, at],
        );
        if (!used.length) throw codeUsed();
        const current = await t.one<{ status: number }>('SELECT status FROM declarations WHERE id = $1 FOR UPDATE', [
          id,
        ]);
        if (current?.status !== S.SIGN) throw blocked(MSG.signingWrongStatus);
        if (receipt) {
          submission = await submissions.recordSent(t, { declarationId: id, sessionId, receipt, at });
        }
        await declarationsRepo(t).setStatus(id, S.READY, at);
        await auditDeclaration(t, {
          actor,
          declarationId: id,
          action: 'status',
          at,
          details: {
            from: S.SIGN,
            to: S.READY,
            signed: true,
            sent: Boolean(receipt),
            ticket: receipt?.ticket,
          },
        });
      });
      return {
        success: true,
        status: S.READY,
        sent: Boolean(receipt),
        submission,
      };
    },

    /** The latest sending and the tax office's answer so far. */
    async submission(actor: Actor, id: number): Promise<Submission | null> {
      await declarations.loadOwn(actor, id);
      return submissions.latest(id);
    },

    /** The receipt (талон) PDF of the accepted sending. */
    async receipt(actor: Actor, id: number): Promise<{ number: string; pdf: Buffer } | null> {
      await declarations.loadOwn(actor, id);
      return submissions.receiptPdf(id);
    },

    /** The signed file (for download by the documents module / the user). */
    async signedXml(actor: Actor, id: number): Promise<string | null> {
      await declarations.loadOwn(actor, id);
      const r = await deps.db.one<{ signed_xml: string }>(
        `SELECT signed_xml FROM signing_sessions WHERE declaration_id = $1 AND used_at IS NOT NULL AND signed_xml IS NOT NULL
         ORDER BY id DESC LIMIT 1`,
        [id],
      );
      return r?.signed_xml ?? null;
    },
  };
}
