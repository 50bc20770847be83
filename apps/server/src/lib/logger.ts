import type { FastifyServerOptions } from 'fastify';

/**
 * Structured logs without personal data: requests are logged by method, route and path without
 * the query string (it may carry an email); authorization, cookies and bodies are never logged.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.iin',
        '*.email',
      ],
      censor: '[скрыто]',
    },
    serializers: {
      req: (req: { method: string; url: string; routeOptions?: { url?: string }; ip?: string }) => ({
        method: req.method,
        route: req.routeOptions?.url,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
