#!/usr/bin/env node
// Idle and slow clients against a running API: opens --sockets connections that send nothing (or, with
// --slow, a request's headers a line every 2 s), then every 2 s asks /healthz on a new connection and
// counts the sockets still open. It prints a line a probe and, at the end, how many connections were
// refused at once (closed by the server within 100 ms of connecting), when the last held one was closed,
// and when /healthz first answered again. Before the API's connection limits, such sockets were held
// for good and 20 000 of them (two runs of this side by side) left the API answering no one.
// Run the API first (`npm run demo`, or `npm start`); this process needs --sockets file descriptors
// (`ulimit -n`).
// Usage: npm run bench:idle-clients -- [--url http://127.0.0.1:3000] [--sockets 12000] [--seconds 40] [--slow]
import { connect } from 'node:net';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    sockets: { type: 'string', default: '12000' },
    seconds: { type: 'string', default: '40' },
    slow: { type: 'boolean', default: false },
  },
});
const target = new URL(args.url);
const port = Number(target.port || 80);
const count = Number(args.sockets);
const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1);

/** Every socket opened: when it connected, and when the server closed it. */
const sockets = [];
const open = () =>
  new Promise((resolve) => {
    const entry = { connectedAt: 0, closedAt: 0, socket: connect(port, target.hostname) };
    entry.socket.on('connect', () => {
      entry.connectedAt = Date.now();
      if (args.slow) entry.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${target.host}\r\n`);
      resolve();
    });
    entry.socket.on('error', () => resolve());
    entry.socket.on('close', () => {
      entry.closedAt = Date.now();
      resolve();
    });
    sockets.push(entry);
  });

for (let i = 0; i < count; i += 500) {
  await Promise.all(Array.from({ length: Math.min(500, count - i) }, open));
}
console.log(`${elapsed()} s: ${count} sockets opened (${args.slow ? 'headers a line every 2 s' : 'sending nothing'})`);
const drip = args.slow
  ? setInterval(() => sockets.forEach(({ socket }) => socket.writable && socket.write('X-Filler: a\r\n')), 2_000)
  : undefined;

async function probe() {
  const at = Date.now();
  try {
    const response = await fetch(new URL('/healthz', target), { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return { ok: response.ok, text: `${response.status} in ${Date.now() - at} ms` };
  } catch (error) {
    return { ok: false, text: `failed (${error.cause?.code ?? error.name}) after ${Date.now() - at} ms` };
  }
}

let answeredAgainAt = null;
let failedOnce = false;
const end = started + Number(args.seconds) * 1000;
while (Date.now() < end) {
  const { ok, text } = await probe();
  if (!ok) failedOnce = true;
  if (ok && failedOnce && answeredAgainAt === null) answeredAgainAt = elapsed();
  const held = sockets.filter((entry) => entry.connectedAt && !entry.closedAt).length;
  console.log(`${elapsed()} s: ${held} held open; /healthz ${text}`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}
clearInterval(drip);

const refused = sockets.filter((entry) => entry.closedAt && entry.closedAt - entry.connectedAt < 100).length;
const closed = sockets.filter((entry) => entry.closedAt).map((entry) => entry.closedAt);
const lastClosed =
  closed.length === sockets.length ? `${((Math.max(...closed) - started) / 1000).toFixed(1)} s` : 'never';
console.log(
  `\nsockets ${count}; refused at once ${refused}; closed by the server ${closed.length}; ` +
    `the last closed at ${lastClosed}; /healthz ${failedOnce ? `failed, then answered again at ${answeredAgainAt ?? 'never'} s` : 'answered throughout'}`,
);
for (const { socket } of sockets) socket.destroy();
