import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@deklarant/contracts';
import server from '@deklarant/i18n/locales/ru/server.json';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Deps } from './deps.ts';
import { credentialsBeforeValidation } from './lib/credentials-first.ts';
import { HttpError } from './lib/errors.ts';
import { requestLanguages } from './lib/language.ts';
import { loggerOptions } from './lib/logger.ts';
import { collectRoutes } from './lib/route-table.ts';
import { xsrfProtection } from './lib/xsrf.ts';
import { registerModules } from './modules/index.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel, deps.logStream),
    // Behind a proxy set TRUST_PROXY so rate limits and the visit log see the client address.
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Ids in URLs are numbers; keep routing strict and predictable.
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The route table the security tests walk (test/security): every route, including plugins'.
  collectRoutes(app);
  credentialsBeforeValidation(app);

  // reCAPTCHA loads Google's script and frame; only allowed when that captcha is configured.
  const recaptcha =
    deps.config.captcha === 'recaptcha'
      ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
      : [];
  // Halyk ePay's widget script (and the payment form it frames) come from its host, when ePay is configured.
  const epay = deps.config.epay ? [new URL(deps.config.epay.scriptUrl).origin] : [];
  // helmet's middleware is built once: @fastify/helmet rebuilt it (parsing the CSP) on every request
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...recaptcha, ...epay],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:', ...recaptcha, ...epay],
        objectSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(cookie, { secret: deps.config.secret });
  // req.lang, and every JSON answer's messages in it (before the XSRF hook, which may answer)
  requestLanguages(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 20 } });
  // Tests of whole journeys share one address; RATE_LIMIT_SCALE raises every per-route limit for them.
  const scale = deps.config.rateLimitScale;
  if (scale !== 1) {
    app.addHook('onRoute', (route) => {
      const rl = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
      if (rl && typeof rl.max === 'number') rl.max = Math.ceil(rl.max * scale);
    });
  }
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Декларант API', version: '1.0.0', description: 'API сервиса подготовки налоговых деклараций' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.addHook('onRequest', xsrfProtection(deps.config.production));

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // a Map: the keys may be the client's own (an unknown field named `constructor` or `__proto__`)
      const errors = new Map<string, string[]>();
      const add = (field: string, message: string) => errors.set(field, [...(errors.get(field) ?? []), message]);
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        // a field the form does not have (a typo, an old client): named under its own key
        if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
          for (const key of issue.params.keys as string[])
            add(field === 'body' ? key : `${field}.${key}`, MSG.unknownField);
          continue;
        }
        const text = issue.message ?? '';
        add(field, /^[\u0400-\u04FF]/.test(text) ? text : MSG.checkInput);
      }
      return reply.status(422).send({ message: MSG.checkInput, errors: Object.fromEntries(errors) });
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (err.statusCode === 429) return reply.status(429).send({ message: MSG.tooManyRequests });
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    ) {
      return reply.status(400).send({ message: MSG.badJson });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ message: MSG.fileTooLarge(5) });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: server.unsupportedMediaType });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ message: MSG.checkInput });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: MSG.serverError });
  });

  await registerModules(app, deps);

  const webDist = resolve(deps.config.webDist ?? join(HERE, '../../web/dist'));
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || !hasWeb || req.method !== 'GET') {
      return reply.status(404).send({ message: MSG.routeNotFound });
    }
    // The SPA owns every other path (its router shows the screen or its placeholder).
    const file = req.url.split('?')[0] || '/';
    if (/\.[a-z0-9]+$/i.test(file) && !file.endsWith('.html')) {
      return reply.status(404).send({ message: MSG.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
