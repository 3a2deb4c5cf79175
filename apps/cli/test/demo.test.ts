/**
 * `npm run demo` started while a port it needs is taken (most often by a demo still running) stops at
 * once with one line saying which port and how to move it — before it builds, starts or registers
 * anything — instead of reporting "Tidings is running" against someone else's server.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv } from '@tidings/config/config';

const script = fileURLToPath(new URL('../../../scripts/demo.sh', import.meta.url));
const listening: Server[] = [];
afterEach(() => {
  for (const server of listening.splice(0)) server.close();
});

/** A port held by a server of this test, on loopback as the demo's own servers are. */
async function takenPort(): Promise<number> {
  const server = createServer();
  listening.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as { port: number }).port;
}

describe('npm run demo with a port taken', () => {
  for (const name of ['PORT', 'FEEDS_PORT', 'NEWS_PORT']) {
    it(`stops before starting anything when ${name} is in use`, async () => {
      const taken = await takenPort();
      // The other two on ports no one holds (ports just released by the kernel are free again).
      const [port, feedsPort, newsPort] = [await takenPort(), await takenPort(), await takenPort()];
      for (const server of listening.splice(1)) server.close();
      const ports = { PORT: String(port), FEEDS_PORT: String(feedsPort), NEWS_PORT: String(newsPort) };
      ports[name as keyof typeof ports] = String(taken);
      const run = spawnSync('bash', [script], {
        env: childEnv(ports),
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Port ${taken} (${name}) is already in use — another 'npm run demo' still running? Stop it, or move this one: PORT=3100 FEEDS_PORT=3101 NEWS_PORT=3102 npm run demo`,
      );
      expect(run.stdout).not.toContain('Building');
    });
  }
});
