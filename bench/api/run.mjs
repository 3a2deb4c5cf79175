#!/usr/bin/env node
// API benchmark: seeds synthetic articles into the embedded index, starts the real API, and runs
// autocannon over a fixed set of query shapes, against a fixed-body Fastify route as the ceiling.
// Usage: npm run bench:api -- [--articles 1000000] [--duration 10] [--connections 8] [--reseed]
import { fork } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadCatalog } from '@tidings/catalog/catalog';
import { encodeCursor } from '@tidings/core/cursor';
import { parseFeedQuery } from '@tidings/core/query';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { createRedis } from '@tidings/store/redis';
import { toArticle } from '../../apps/cli/dist/import-articles.js';
import { createGenerator } from '../../scripts/synthetic-articles.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    reseed: { type: 'boolean', default: false },
  },
});
const total = Number(args.articles);
const duration = Number(args.duration);
const connections = Number(args.connections);
const dataDir = join(root, 'bench', '.data', `api-${total}`);
const dbFile = join(dataDir, 'articles.sqlite');
const NOW = Date.UTC(2026, 10, 22);
const generator = createGenerator({ seed: 1, hosts: 2000, now: NOW });

// --- seed -------------------------------------------------------------------------------------
let seedFigure = null;
if (args.reseed && existsSync(dataDir)) rmSync(dataDir, { recursive: true });
{
  const index = new EmbeddedArticleIndex({ file: dbFile });
  const have = (await index.stats()).articles;
  if (have !== total) {
    if (have) throw new Error(`${dbFile} holds ${have} articles; rerun with --reseed`);
    const catalog = loadCatalog();
    const indexedAt = new Date(NOW).toISOString().replace('.000Z', 'Z');
    const batch = 20_000;
    const started = performance.now();
    let genMs = 0;
    for (let done = 0; done < total; done += batch) {
      const g0 = performance.now();
      const articles = Array.from({ length: Math.min(batch, total - done) }, () =>
        toArticle(generator.next(), catalog, indexedAt),
      );
      genMs += performance.now() - g0;
      index.upsertSync(articles);
      if ((done / batch) % 20 === 0) process.stderr.write(`\rseeding ${done + articles.length}/${total}`);
    }
    // No final full-text merge: the worker and `tidings import` never run one either, so queries are
    // measured on the index as FTS5's automerge leaves it in production.
    const seconds = (performance.now() - started) / 1000;
    const indexSeconds = seconds - genMs / 1000;
    seedFigure = { articles: total, seconds, perSecond: total / indexSeconds, withGeneration: total / seconds };
    process.stderr.write('\n');
  } else {
    // Replay the generator so that hosts and ids match the stored data.
    for (let i = 0; i < 10; i++) generator.next();
  }
  await index.close();
}

// --- servers ----------------------------------------------------------------------------------
const prefix = 'tidings-bench:';
const redis = createRedis({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
const { key } = await new ApiKeyStore(redis, prefix).create('bench', 100_000_000);

function start(script, env) {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    const poll = setInterval(async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${env.PORT}/api/v2/feed/?apiKey=${key}&pageSize=1`);
        if (res.ok) {
          clearInterval(poll);
          child.removeAllListeners('exit');
          resolve(child);
        }
      } catch {
        // not listening yet
      }
    }, 200);
  });
}

const apiStarted = performance.now();
const api = await start(join(root, 'apps/api/dist/server.js'), {
  PORT: '3291',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  REDIS_PREFIX: prefix,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});
const apiStartMs = performance.now() - apiStarted;
const sample = await (await fetch(`http://127.0.0.1:3291/api/v2/feed/?apiKey=${key}&pageSize=20`)).json();
const ceiling = await start(join(root, 'bench/api/ceiling-server.mjs'), {
  PORT: '3292',
  BENCH_BODY: JSON.stringify(sample),
});

// --- shapes -----------------------------------------------------------------------------------
const hosts = generator.sources.slice(0, 20).map((s) => s.domain);
const deepFingerprint = parseFeedQuery([]).fingerprint;
const deepCursor = encodeCursor({ key: NOW - 200 * 86_400_000, id: 'f'.repeat(32) }, deepFingerprint);
const popularCompanies = JSON.parse(readFileSync(join(root, 'packages/catalog/data/companies.json'), 'utf8'))
  .slice(0, 5)
  .map((c) => c.id);
const shapes = [
  ['no filter', ''],
  ['types', 'articleTypes=video,podcast'],
  ['topic', 'includeTopics=4000000'],
  ['include company', `includeCompanies=${popularCompanies[0]}`],
  ['exclude companies', `excludeCompanies=${popularCompanies.join(',')}`],
  ['additionalSources ×20', `additionalSources=${hosts.join(',')}`],
  ['flags', 'includePaywalled=0&includeRegistration=0&excludeNonHttpsSources=1&excludeNonIframeableSources=1'],
  ['searchTerms', 'searchTerms=climate,inflation%20rates'],
  ['deep cursor page', `cursor=${encodeURIComponent(deepCursor)}`],
];

function run(url, extra = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, ...extra }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}
const fmt = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx + r.errors,
});

// The machine's speed drifts (a shared VM), so the ceiling is measured right before every shape and
// each shape's throughput is given as a share of that adjacent ceiling.
const ceilingUrl = 'http://127.0.0.1:3292/api/v2/feed/';
const rows = [];
for (const [name, qs] of shapes) {
  const url = `http://127.0.0.1:3291/api/v2/feed/?apiKey=${key}${qs ? `&${qs}` : ''}`;
  const t0 = performance.now();
  const check = await fetch(url);
  const body = await check.json();
  const cold = (performance.now() - t0).toFixed(1);
  const ceilingNow = fmt(await run(ceilingUrl));
  const result = { ...fmt(await run(url)), cold, ceiling: ceilingNow.rps };
  rows.push([`${name} (${body.meta?.totalResults ?? '?'}${body.meta?.totalResultsExact ? '' : '+'} hits)`, result]);
}
const mixedCeiling = fmt(await run(ceilingUrl));
const mixed = fmt(
  await run('http://127.0.0.1:3291', {
    requests: shapes.map(([, qs]) => ({ method: 'GET', path: `/api/v2/feed/?apiKey=${key}${qs ? `&${qs}` : ''}` })),
  }),
);
rows.push(['**mixed** (all shapes in turn)', { ...mixed, ceiling: mixedCeiling.rps }]);

const rss = readFileSync(`/proc/${api.pid}/status`, 'utf8');
const hwm = Number(/VmHWM:\s+(\d+)/.exec(rss)?.[1] ?? 0) / 1024;
const now = Number(/VmRSS:\s+(\d+)/.exec(rss)?.[1] ?? 0) / 1024;

api.kill('SIGTERM');
ceiling.kill('SIGTERM');
const stale = await redis.keys(`${prefix}*`);
if (stale.length) await redis.del(...stale);
redis.disconnect();

// --- report -----------------------------------------------------------------------------------
console.log(`\nTidings API benchmark — ${new Date().toISOString()}`);
console.log(
  `machine: ${availableParallelism()} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}`,
);
console.log(
  `index: embedded, ${total.toLocaleString('en')} synthetic articles; autocannon ${connections} connections × ${duration} s per shape, pageSize 20\n`,
);
if (seedFigure) {
  console.log(
    `seeding: ${Math.round(seedFigure.perSecond).toLocaleString('en')} articles/s into the index ` +
      `(${Math.round(seedFigure.withGeneration).toLocaleString('en')}/s including generation; ${seedFigure.seconds.toFixed(1)} s)\n`,
  );
}
console.log(
  '| shape | req/s | p50 ms | p99 ms | ceiling req/s (just before) | % of ceiling | first request ms | errors |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, r] of rows) {
  const share = ((100 * r.rps) / r.ceiling).toFixed(1);
  console.log(
    `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ceiling} | ${share} | ${r.cold ?? '–'} | ${r.non2xx} |`,
  );
}
console.log(
  `\nAPI start-up with ${total.toLocaleString('en')} articles (columns loaded into memory): ${(apiStartMs / 1000).toFixed(1)} s`,
);
console.log(`\nAPI resident memory: ${now.toFixed(0)} MB now, ${hwm.toFixed(0)} MB peak`);
process.exit(0);
