import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this size compressing costs more than it saves. */
const GZIP_MIN_BYTES = 1024;

/**
 * An answer that is already serialized JSON, cached per deals revision, with its gzip made once and
 * only when a client asks for it (in the thread pool, off the event loop): a 1,000-deal declaration
 * is ~0.7 MB of JSON and ~10x less gzipped, so every further request costs little to send.
 */
export class JsonAnswer {
  private gz: Promise<Buffer> | undefined;

  constructor(readonly json: string) {}

  gzipped(): Promise<Buffer> {
    this.gz ??= gzipAsync(this.json);
    return this.gz;
  }

  /** weight for the caches: the JSON length plus the gzip when made (estimated before) */
  get weight(): number {
    return this.json.length * 1.2;
  }
}

/** True when Accept-Encoding allows gzip (a gzip or * token without q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (token !== 'gzip' && token !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a pre-serialized answer. Fastify sends a string or Buffer with a JSON content type as it is,
 * so the route's response schema documents the shape but is not re-run; tests compare these answers
 * with what the schema allows.
 */
export async function sendJsonAnswer(req: FastifyRequest, reply: unknown, answer: JsonAnswer): Promise<FastifyReply> {
  const r = (reply as FastifyReply).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (answer.json.length >= GZIP_MIN_BYTES && acceptsGzip(req.headers['accept-encoding'])) {
    return r.header('content-encoding', 'gzip').send(await answer.gzipped());
  }
  return r.send(answer.json);
}
