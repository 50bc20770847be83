import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that is already serialized JSON (cached per deals revision). Fastify sends a string
 * with a JSON content type as it is, so the response schema documents the shape but is not re-run.
 * Tests compare these answers with the schema-serialized ones.
 */
export function sendRawJson(reply: unknown, json: string): FastifyReply {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
}
