import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { createQueue, createQueueConnection, QUEUES } from '@tidings/queue/queues';
import { buildTestApp, REDIS_URL, type TestApp } from './helper.js';

let t: TestApp | undefined;
let queue: Queue | undefined;
afterEach(async () => {
  await t?.close();
  await queue?.obliterate({ force: true });
  await queue?.close();
  t = undefined;
});

describe('queue admin (Bull Board)', () => {
  it('does not exist without ADMIN_TOKEN', async () => {
    t = await buildTestApp();
    expect((await t.get('/admin/queues')).statusCode).toBe(404);
  });

  it('asks for the token, and shows the queues with it', async () => {
    const token = 'a-long-enough-admin-token';
    queue = createQueue(
      QUEUES.fetchSource,
      createQueueConnection(REDIS_URL, 'producer'),
      `tidings-test:${randomUUID()}:`,
    );
    t = await buildTestApp({ admin: { token, queues: [queue] } });
    const denied = await t.get('/admin/queues');
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['www-authenticate']).toContain('Basic');
    expect((await t.get('/admin/queues', { headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const basic = `Basic ${Buffer.from(`admin:${token}`).toString('base64')}`;
    const page = await t.get('/admin/queues', { headers: { authorization: basic } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const api = await t.get('/admin/queues/api/queues', { headers: { authorization: `Bearer ${token}` } });
    expect(api.statusCode).toBe(200);
    expect(JSON.stringify(api.json())).toContain(QUEUES.fetchSource);
  });

  it('is read-only unless ADMIN_WRITE: changes are refused, and the board offers none', async () => {
    const token = 'a-long-enough-admin-token';
    queue = createQueue(
      QUEUES.fetchSource,
      createQueueConnection(REDIS_URL, 'producer'),
      `tidings-test:${randomUUID()}:`,
    );
    await queue.add('manual', { sourceId: 'x', manual: true }, { jobId: 'one' });
    const auth = { authorization: `Bearer ${token}` };
    t = await buildTestApp({ admin: { token, queues: [queue] } });
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/admin/queues/api/queues/${QUEUES.fetchSource}/pause`,
      headers: auth,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('ADMIN_WRITE=true');
    expect(await queue.isPaused()).toBe(false);
    const api = (await t.get('/admin/queues/api/queues', { headers: auth })).json<{
      queues: { readOnlyMode: boolean }[];
    }>();
    expect(api.queues[0]!.readOnlyMode).toBe(true);
    await t.close();

    t = await buildTestApp({ admin: { token, queues: [queue], write: true } });
    const paused = await t.app.inject({
      method: 'PUT',
      url: `/admin/queues/api/queues/${QUEUES.fetchSource}/pause`,
      headers: auth,
    });
    expect(paused.statusCode).toBe(200);
    expect(await queue.isPaused()).toBe(true);
  });
});
