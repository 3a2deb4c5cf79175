/**
 * Bull Board at `/admin/queues`, behind `ADMIN_TOKEN` (HTTP Basic with the token as password, or a
 * Bearer token). Not registered at all when no token is configured. Read-only unless `ADMIN_WRITE`
 * (the board hides its buttons, and any change is refused here as well); on its own port with
 * `ADMIN_PORT`.
 */
import { timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';

export const ADMIN_PATH = '/admin/queues';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token from `Authorization: Bearer …` or `Basic …` (any user name). */
function presented(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ''] = header.split(' ');
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return decoded.slice(decoded.indexOf(':') + 1);
  }
  return null;
}

export interface AdminOptions {
  token: string;
  queues: Queue[];
  /** Allow changes (retry, clean, pause…); read-only otherwise. */
  write?: boolean;
}

export async function adminRoutes(app: FastifyInstance, options: AdminOptions) {
  app.addHook('onRequest', async (request, reply) => {
    const token = presented(request.headers.authorization);
    if (!token || !sameSecret(token, options.token)) {
      reply.header('WWW-Authenticate', 'Basic realm="Tidings admin"');
      return reply.code(401).type('text/plain; charset=utf-8').send('The queue admin needs ADMIN_TOKEN.\n');
    }
    if (!options.write && request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('The queue admin is read-only; set ADMIN_WRITE=true to allow changes.\n');
    }
  });
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(ADMIN_PATH);
  createBullBoard({
    queues: options.queues.map((q) => new BullMQAdapter(q, { readOnlyMode: !options.write })),
    serverAdapter,
  });
  await app.register(serverAdapter.registerPlugin(), { prefix: ADMIN_PATH });
}
