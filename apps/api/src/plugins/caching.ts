/** `ETag` on every 200, `304` for a matching `If-None-Match`, and `Cache-Control` (CONTRACT §1.4). */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

export default fp(
  async function caching(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('ETag', etag);
      reply.header('Cache-Control', 'private, max-age=30');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && matches(ifNoneMatch, etag)) {
        reply.code(304);
        reply.removeHeader('Content-Length');
        return '';
      }
      return payload;
    });
  },
  { name: 'tidings-caching' },
);
