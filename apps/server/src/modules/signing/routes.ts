import {
  ExchangeCodeBody,
  ExchangeCodeResult,
  MSG,
  PrepareSigningResult,
  SaveUnsignedBody,
  SendSignedBody,
  SendSignedResult,
  SigningUrlBody,
  SigningUrlResult,
  SubmissionResult,
  Success,
} from '@deklarant/contracts';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { parseDeclarationId } from '../tariffs/index.ts';
import { signingService } from './service.ts';
import { ANSWER_JOB, submissionsService } from './submissions.ts';

const IdParams = z.object({ id: z.string() });

/** The signing API, plus the submission receipt of a ready declaration. */
export async function signingRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);
  const service = signingService(deps);
  const base = { tags: ['signing'], security: [{ bearer: [] }] };
  const answers = submissionsService(deps);
  deps.jobs.register(ANSWER_JOB, (payload) => answers.ask(payload));

  r.get(
    '/api/signing/:id/prepare-for-signing',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: PrepareSigningResult } } },
    async (req) => service.prepare(actorOf(req), parseDeclarationId(req.params.id), req.lang),
  );
  r.post(
    '/api/signing/:id/get-url-for-signing',
    {
      preHandler: auth,
      schema: { ...base, params: IdParams, body: SigningUrlBody, response: { 200: SigningUrlResult } },
    },
    async (req) => ({
      url: await service.urlForSigning(
        actorOf(req),
        parseDeclarationId(req.params.id),
        req.body.redirect_uri,
        req.headers.host,
        req.lang,
      ),
    }),
  );
  r.post(
    '/api/signing/exchange-code-for-token',
    {
      preHandler: auth,
      // one-time codes are worth guessing: keep guessing slow
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { ...base, body: ExchangeCodeBody, response: { 200: ExchangeCodeResult } },
    },
    async (req) => ({ access_token: await service.exchangeCode(actorOf(req), req.body.code, req.body.redirect_uri) }),
  );
  r.post(
    '/api/signing/:id/save-unsigned-files',
    { preHandler: auth, schema: { ...base, params: IdParams, body: SaveUnsignedBody, response: { 200: Success } } },
    async (req) => {
      await service.saveFiles(actorOf(req), parseDeclarationId(req.params.id), req.body.access_token);
      return { success: true };
    },
  );
  r.post(
    '/api/signing/:id/send-signed-file',
    {
      preHandler: auth,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { ...base, params: IdParams, body: SendSignedBody, response: { 200: SendSignedResult } },
    },
    async (req) =>
      service.sendSigned(
        actorOf(req),
        parseDeclarationId(req.params.id),
        req.body.code,
        req.body.redirect_uri,
        req.headers.host,
      ),
  );
  r.get(
    '/api/signing/:id/submission',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: SubmissionResult } } },
    async (req) => ({ data: await service.submission(actorOf(req), parseDeclarationId(req.params.id)) }),
  );
  r.get('/api/signing/:id/receipt', { preHandler: auth, schema: { ...base, params: IdParams } }, async (req, reply) => {
    const id = parseDeclarationId(req.params.id);
    const receipt = await service.receipt(actorOf(req), id);
    if (!receipt) return reply.status(404).send({ message: MSG.receiptNotFound });
    const name = `talon-${receipt.number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(receipt.pdf);
  });
  r.get(
    '/api/signing/:id/signed-file',
    { preHandler: auth, schema: { ...base, params: IdParams } },
    async (req, reply) => {
      const id = parseDeclarationId(req.params.id);
      const xml = await service.signedXml(actorOf(req), id);
      if (!xml) return reply.status(404).send({ message: server.signing.signedFileNotFound });
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="declaration-${id}-signed.xml"`)
        .send(xml);
    },
  );
}
