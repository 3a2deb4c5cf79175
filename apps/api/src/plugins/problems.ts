/**
 * Problem+json for every error (CONTRACT §1.5): the one error handler, 404, 405 with `Allow`, 414,
 * and `X-Request-Id` on every response.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IndexBusyError } from '@tidings/index/port';
import { isRedisUnavailable } from '@tidings/store/redis';
import { logThrottle } from '../log-throttle.js';
import { type ProblemCode, ProblemError, problemStatus, problemTitle } from '@tidings/core/problem';

export const MAX_URL_LENGTH = 8 * 1024;

/** Paths that answer GET and HEAD only; every other method gets 405. */
export const READ_ONLY_PATHS = [
  '/api/v2/feed',
  '/api/v2/feed-recommended',
  '/api/v2/topics',
  '/api/v2/companies',
  '/api/v2/sources',
  '/api/v2/facets',
  '/healthz',
  '/readyz',
  '/metrics',
  '/',
];

/** Whether a path (without trailing slash) answers GET and HEAD only. */
function readOnly(path: string): boolean {
  return READ_ONLY_PATHS.includes(path) || /^\/api\/v2\/stories\/[^/]+$/.test(path);
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** A Tidings api key (`tdg_` and 48 hex digits), wherever it stands: a path, another parameter. */
const API_KEY_TEXT = /tdg_[0-9a-f]{48}/gi;

/**
 * Text with every api key in it replaced by `[redacted]`: a caller who puts a key where it does not
 * belong (`/feed/&apiKey=…`, `apikey=…` beside `apiKey`, `key=…`) must not find it echoed in an error
 * body or written to a log line (CONTRACT §1.1).
 */
export function redactKeys(text: string): string {
  return text.replace(API_KEY_TEXT, '[redacted]');
}

/**
 * Fastify's `clientErrorHandler`: what the HTTP parser rejects before any route runs (a header block
 * over the limit, a malformed request line or URL) is answered problem+json too, on the raw socket. The
 * connection is closed after the answer; a client that does not read it and close its side is cut off
 * `lingerMs` later (such sockets were held for as long as the client kept them: 500 clients sending
 * headers a line at a time kept 500 of the API's file descriptors after their 408s).
 */
export function clientProblem(lingerMs = 5_000) {
  return (error: Error & { code?: string }, socket: import('node:net').Socket): void => {
    answerClientProblem(error, socket);
    if (!socket.destroyed) setTimeout(() => socket.destroy(), lingerMs).unref();
  };
}

function answerClientProblem(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  // A connection that sent nothing in the time a request is given (ConnectionLimits) is closed without a word:
  // there is no request to answer.
  const silent = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && socket.bytesRead === 0;
  if (error.code === 'ECONNRESET' || !socket.writable || silent) {
    socket.destroy();
    return;
  }
  // One sent in part gets HTTP's 408 (the contract's codes have none of their own for it: see the README).
  const [status, code, detail]: [number, ProblemCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'parameterInvalid', 'The request was not sent in full in the time the server gives it.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headersTooLarge', 'The request headers are larger than 64 KiB.']
        : error.code === 'HPE_URI_TOO_LONG'
          ? [414, 'uriTooLong', `The request URL is longer than ${MAX_URL_LENGTH} bytes.`]
          : [400, 'parameterInvalid', 'The request could not be read: its request line, URL or headers are malformed.'];
  const requestId = randomUUID();
  const body = JSON.stringify({ type: 'about:blank', status, code, title: problemTitle(code), detail, requestId });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemError): FastifyReply {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    status: problem.status,
    code: problem.code,
    title: problemTitle(problem.code),
    detail: problem.detail,
    requestId: request.id,
  };
  if (problem.invalidParams.length) body.invalidParams = problem.invalidParams;
  reply.code(problem.status).headers(problem.headers).type('application/problem+json; charset=utf-8');
  // A key the caller put where it does not belong is never echoed (CONTRACT §1.1).
  return reply.send(redactKeys(JSON.stringify(body)));
}

function codeForStatus(status: number): ProblemCode {
  if (status === 404) return 'notFound';
  if (status === 405) return 'methodNotAllowed';
  if (status === 414) return 'uriTooLong';
  if (status === 429) return 'rateLimited';
  if (status === 503) return 'serviceUnavailable';
  return status >= 500 ? 'unexpectedError' : 'parameterInvalid';
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export default fp(
  async function problems(app: FastifyInstance, options: { cors?: boolean }) {
    const redisWarning = logThrottle();
    app.addHook('onRequest', async (request, reply) => {
      reply.header('X-Request-Id', request.id);
      if (request.raw.url && request.raw.url.length > MAX_URL_LENGTH) {
        return sendProblem(
          request,
          reply,
          new ProblemError('uriTooLong', `The request URL is longer than ${MAX_URL_LENGTH} bytes.`),
        );
      }
      // A CORS preflight is answered by the CORS plugin (when CORS is on).
      const preflight =
        options.cors && request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
      if (request.method !== 'GET' && request.method !== 'HEAD' && !preflight && readOnly(pathOf(request.url))) {
        return sendProblem(
          request,
          reply,
          new ProblemError('methodNotAllowed', `${request.method} is not allowed here; use GET or HEAD.`, [], {
            Allow: 'GET, HEAD',
          }),
        );
      }
    });

    app.setNotFoundHandler(async (request, reply) =>
      sendProblem(request, reply, new ProblemError('notFound', `There is nothing at ${pathOf(request.url)}.`)),
    );

    app.setErrorHandler(async (error: unknown, request, reply) => {
      if (error instanceof ProblemError) return sendProblem(request, reply, error);
      const err = error as { statusCode?: number; message?: string };
      const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
      if (error instanceof IndexBusyError) {
        // The filters say what was slow; the URL (with its key) is not logged here.
        request.log.warn({ filters: error.filters, budget: error.message }, 'query over its time budget');
        const problem = new ProblemError(
          'serviceUnavailable',
          'This query took too long to answer; try again shortly.',
          [],
          {
            'Retry-After': '2',
          },
        );
        return sendProblem(request, reply, problem);
      }
      if (isRedisUnavailable(error)) {
        // Sources, selections and sessions live in Redis: without it those answers wait, the rest is served.
        redisWarning((heldBack) => request.log.warn({ reason: err.message, heldBack }, 'redis unreachable'));
        const problem = new ProblemError(
          'serviceUnavailable',
          'The store of sources and selections is unavailable; try again shortly.',
          [],
          { 'Retry-After': '5' },
        );
        return sendProblem(request, reply, problem);
      }
      if (status >= 500) {
        // A client that went away before the answer (a load test stopping, clients dropped while the API
        // shuts down) reads no answer: its request is noted, not reported as a failure of the service.
        if (request.raw.socket?.destroyed) request.log.info({ reason: err.message }, 'request abandoned by its client');
        else request.log.error({ err: error }, 'request failed');
        const code = status === 503 ? 'serviceUnavailable' : 'unexpectedError';
        const problem =
          code === 'serviceUnavailable'
            ? new ProblemError(code, 'The article index is unavailable; try again shortly.', [], { 'Retry-After': '5' })
            : new ProblemError(code, 'Something went wrong on our side; the request id helps us find it.');
        return sendProblem(request, reply, problem);
      }
      const code = codeForStatus(status);
      const problem = new ProblemError(code, err.message ?? problemTitle(code));
      reply.code(problemStatus(code) === status ? status : problemStatus(code));
      return sendProblem(request, reply, problem);
    });
  },
  { name: 'tidings-problems' },
);
