import { randomBytes, timingSafeEqual } from 'node:crypto';
import { MSG } from '@deklarant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Provider callbacks come server-to-server without our cookie; their own signatures protect them. */
const EXEMPT = [/^\/api\/payments\/callback\//, /^\/api\/sandbox\//];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit XSRF check: every response sets a random XSRF-TOKEN cookie (readable by the SPA),
 * and every state-changing /api call must echo it in the X-XSRF-TOKEN header.
 */
export function xsrfProtection(secureCookie: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    let token = req.cookies[XSRF_COOKIE];
    if (!token || !/^[a-f0-9]{64}$/.test(token)) {
      token = randomBytes(32).toString('hex');
      reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'strict', secure: secureCookie, httpOnly: false });
      req.cookies[XSRF_COOKIE] = '';
    }
    if (SAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    if (EXEMPT.some((re) => re.test(req.url))) return;
    const sent = req.headers[XSRF_HEADER];
    const cookie = req.cookies[XSRF_COOKIE];
    if (typeof sent !== 'string' || !cookie || !safeEqual(sent, cookie)) {
      return reply.status(403).send({ message: MSG.xsrf });
    }
  };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
