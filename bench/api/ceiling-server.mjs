// The ceiling: a Fastify route that returns a fixed 20-article body, nothing else.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BENCH_BODY ?? '{}');
const app = Fastify({ logger: false });
app.get('/api/v2/feed/', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
