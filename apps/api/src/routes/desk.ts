/**
 * The editorial desk (CONTRACT §5): its page at `/desk/` (static files built by `apps/desk`) and its
 * own JSON API under `/desk/api/`, for signed-in editors only. Sessions are HttpOnly, SameSite=Strict
 * cookies; every state-changing request carries the session's CSRF token (`X-CSRF-Token`, double
 * submit) and must be JSON, so a cross-site form can never post here. The desk queries the index
 * directly: no api key ever reaches the browser.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import staticFiles from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Article } from '@tidings/core/article';
import { ProblemError } from '@tidings/core/problem';
import { parseCalendarDate, parseFeedQuery } from '@tidings/core/query';
import { type Editor, EditorError, type EditorStore, LINK_GONE, type Session } from '@tidings/store/editors';
import { DraftChangedError, SelectionConflictError } from '@tidings/store/selections';
import { adaptedInterval, formatDuration, type SourceStore } from '@tidings/store/sources';
import { searchParamsOf } from './feed.js';

export interface DeskOptions {
  editors: EditorStore;
  sources: SourceStore;
  /** Whether the page is served over https (cookies are then `Secure`). */
  secureCookies?: boolean;
  /** Where the built page is (default: `apps/desk/dist` of this repository). */
  root?: string;
}

const COOKIE = 'tidings_desk';
/** The desk API's paths used before signing in (every other one needs a session). */
const SIGNED_OUT_PATHS = new Set(['/desk/api/sign-in', '/desk/api/password', '/desk/api/link']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

declare module 'fastify' {
  interface FastifyRequest {
    desk?: { session: Session; editor: Editor };
  }
}

/** What `/desk/api/lookup` finds by name. */
const LOOKUP_KINDS = ['topics', 'companies', 'sources'];
/** Matches it lists. */
const LOOKUP_LIMIT = 12;

/** An entry `/desk/api/lookup` may find: its name and other names (a ticker, a source's id) in lower case. */
interface Findable {
  id: number | string;
  name: string;
  lower: string;
  others: readonly string[];
}

const findable = (id: number | string, name: string, others: readonly string[] = []): Findable => ({
  id,
  name,
  lower: name.toLowerCase(),
  others: others.map((other) => other.toLowerCase()),
});

/**
 * The entries whose name (or a ticker, a source's id) is `words`, then those whose name starts with them,
 * then those that hold them, each group by name; at most {@link LOOKUP_LIMIT}.
 */
function lookup(entries: readonly Findable[], words: string) {
  const rank = ({ lower, others }: Findable) => {
    if (lower === words || others.includes(words)) return 0;
    if (lower.startsWith(words)) return 1;
    return lower.includes(words) ? 2 : 3;
  };
  return entries
    .map((entry) => ({ entry, rank: rank(entry) }))
    .filter(({ rank }) => rank < 3)
    .sort((a, b) => a.rank - b.rank || a.entry.name.localeCompare(b.entry.name))
    .slice(0, LOOKUP_LIMIT)
    .map(({ entry }) => ({ id: entry.id, name: entry.name }));
}

function publicEditor(editor: Editor) {
  return { email: editor.email, name: editor.name, role: editor.role };
}

/** A day from the path, or a clear 400. */
function dayOf(value: string): string {
  if (!DAY.test(value) || parseCalendarDate(value) === null) {
    throw new ProblemError('parameterInvalid', `'${value.slice(0, 40)}' is not a day; write it as YYYY-MM-DD.`);
  }
  return value;
}

function problemOf(error: EditorError): ProblemError {
  if (error.kind === 'locked') return new ProblemError('apiKeyDisabled', `This account is locked: ${error.message}.`);
  if (error.kind === 'unauthorized') return new ProblemError('apiKeyInvalid', `Sign-in failed: ${error.message}.`);
  if (error.kind === 'notFound')
    return new ProblemError('notFound', `${error.message[0]!.toUpperCase()}${error.message.slice(1)}.`);
  return new ProblemError('parameterInvalid', `${error.message[0]!.toUpperCase()}${error.message.slice(1)}.`);
}

export default async function deskRoutes(app: FastifyInstance, options: DeskOptions) {
  const { editors, sources } = options;
  await app.register(cookie);

  const setSession = (reply: FastifyReply, session: Session) =>
    reply.setCookie(COOKIE, session.id, {
      path: '/desk',
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secureCookies ?? false,
      expires: new Date(session.expiresAt),
    });

  const body = (request: FastifyRequest): Record<string, unknown> => {
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
      throw new ProblemError('parameterInvalid', 'Send JSON (Content-Type: application/json).');
    }
    return (request.body ?? {}) as Record<string, unknown>;
  };
  const text = (value: unknown, name: string): string => {
    if (typeof value !== 'string' || !value) throw new ProblemError('parameterInvalid', `'${name}' is missing.`);
    return value;
  };

  // No other site may frame the desk (a page of theirs over Publish, to be clicked unseen): the old header
  // and the CSP one, on every desk answer. Only framing is restricted: scripts and styles are the build's own.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/desk/')) {
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Content-Security-Policy', "frame-ancestors 'none'");
    }
    return payload;
  });

  // Every desk API request but signing in needs a session; changes need its CSRF token too.
  app.addHook('preHandler', async (request) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/desk/api/') || SIGNED_OUT_PATHS.has(path)) return;
    const id = request.cookies[COOKIE];
    const found = id ? await editors.session(id) : null;
    if (!found) throw new ProblemError('apiKeyMissing', 'Sign in to use the desk.');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (request.headers['x-csrf-token'] !== found.session.csrf) {
        throw new ProblemError('apiKeyDisabled', 'This request did not come from the desk (no valid CSRF token).');
      }
      body(request);
    }
    request.desk = found;
  });
  const deskOf = (request: FastifyRequest) => request.desk!;
  const adminOnly = (request: FastifyRequest) => {
    if (deskOf(request).editor.role !== 'admin') {
      throw new ProblemError('apiKeyDisabled', 'Only admins can see and change sources.');
    }
  };

  /** Starts a session (a password set through a link, or a sign-in) and sets its cookie. */
  const signIn = async (reply: FastifyReply, start: () => Promise<Session>) => {
    try {
      const session = await start();
      setSession(reply, session);
      const { editor } = (await editors.session(session.id))!;
      return { editor: publicEditor(editor), csrf: session.csrf };
    } catch (error) {
      if (error instanceof EditorError) throw problemOf(error);
      throw error;
    }
  };

  // Whom a one-time link signs in, asked as its page opens: a link that has expired or was used says so
  // before the editor chooses a password (it said so only after), and the page names the account.
  app.get('/desk/api/link', async (request) => {
    const { token } = request.query as { token?: string };
    const editor = token ? await editors.linkHolder(token) : null;
    if (!editor) throw problemOf(new EditorError(LINK_GONE, 'notFound'));
    return { email: editor.email, name: editor.name };
  });

  app.post('/desk/api/password', async (request, reply) => {
    const input = body(request);
    return signIn(reply, () => editors.setPassword(text(input.token, 'token'), text(input.password, 'password')));
  });

  app.post('/desk/api/sign-in', async (request, reply) => {
    const input = body(request);
    return signIn(reply, () => editors.signIn(text(input.email, 'email'), text(input.password, 'password')));
  });

  app.post('/desk/api/sign-out', async (request, reply) => {
    await editors.signOut(deskOf(request).session.id);
    reply.clearCookie(COOKIE, { path: '/desk' });
    return { signedOut: true };
  });

  app.get('/desk/api/session', async (request) => {
    const { editor, session } = deskOf(request);
    // Today in the editorial time zone: the day the desk opens on.
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: app.editorialTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(app.now());
    return { editor: publicEditor(editor), csrf: session.csrf, today };
  });

  // Search: the filters of /feed/ (without an api key), newest first.
  app.get('/desk/api/search', async (request) => {
    const params = searchParamsOf(request.url).filter(([name]) => name !== 'apiKey');
    const query = parseFeedQuery(params, 'feed', '', app.cursorSecret);
    const { filters } = await app.resolveFilters(query.filters);
    const page = await app.index.query({
      filters,
      limit: query.pageSize,
      offset: ((query.page ?? 1) - 1) * query.pageSize,
    });
    return { articles: page.articles, total: page.total, totalExact: page.totalExact };
  });

  // Names for the search's id filters: an editor knows "Apple" and "politics", not CIK 320193 or 11000000.
  // The catalog's entries are made findable once, at the first lookup (the catalog does not change).
  let topicsFindable: Findable[] | undefined;
  let companiesFindable: Findable[] | undefined;
  app.get('/desk/api/lookup', async (request) => {
    const { kind, q } = request.query as { kind?: string; q?: string };
    const words = (q ?? '').trim().toLowerCase();
    if (!LOOKUP_KINDS.includes(kind ?? '')) {
      throw new ProblemError('parameterInvalid', `'kind' must be one of ${LOOKUP_KINDS.join(', ')}.`);
    }
    if (!words) return { matches: [] };
    const candidates =
      kind === 'topics'
        ? (topicsFindable ??= [...app.catalog.topics.values()].map((t) => findable(t.id, t.name)))
        : kind === 'companies'
          ? (companiesFindable ??= [...app.catalog.companies.values()].map((c) => findable(c.id, c.name, c.tickers)))
          : (await app.sourceDirectory.list()).map(({ source }) => findable(source.id, source.name, [source.id]));
    return { matches: lookup(candidates, words) };
  });

  /** How many of a day's newest publications the desk lists with headlines (at most 200 are kept). */
  const HISTORY_HEADLINES = 20;
  /** What the desk shows of a day: its published version, the editor's draft, their articles, history. */
  async function dayView(date: string, editor: Editor) {
    const [published, draft, history] = await Promise.all([
      app.selections.get(date),
      app.selections.draft(date, editor.email),
      app.selections.history(date),
    ]);
    // The articles of the draft, the selection and the newest publications (each one's list is shown in
    // the history; older ones by id).
    const ids = [
      ...new Set([
        ...(draft?.ids ?? []),
        ...(published?.ids ?? []),
        ...history.slice(0, HISTORY_HEADLINES).flatMap((h) => h.ids),
      ]),
    ];
    const articles: Record<string, Article> = {};
    for (const article of await app.index.getByIds(ids)) articles[article.id] = article;
    return {
      date,
      published,
      // (A withdrawn day's version is its history's newest.)
      draft: draft ?? {
        ids: published?.ids ?? [],
        baseVersion: published?.version ?? history[0]?.version ?? 0,
        savedAt: null,
        revision: 0,
      },
      articles,
      history,
    };
  }

  app.get<{ Params: { date: string } }>('/desk/api/days/:date', async (request) =>
    dayView(dayOf(request.params.date), deskOf(request).editor),
  );

  app.put<{ Params: { date: string } }>('/desk/api/days/:date/draft', async (request) => {
    const date = dayOf(request.params.date);
    const input = body(request);
    const ids = input.ids;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
      throw new ProblemError('parameterInvalid', "'ids' must be a list of article ids.");
    }
    const baseVersion = typeof input.baseVersion === 'number' ? input.baseVersion : 0;
    const { editor } = deskOf(request);
    const [indexed, draft, history] = await Promise.all([
      app.index.getByIds(ids as string[]),
      app.selections.draft(date, editor.email),
      app.selections.history(date),
    ]);
    // An article the draft or a publication of the day holds already stays, even once it has left the
    // index (its source purged, past retention): refused, it made every later change of the draft fail.
    const found = new Set([...indexed.map((a) => a.id), ...(draft?.ids ?? []), ...history.flatMap((h) => h.ids)]);
    const unknown = (ids as string[]).filter((id) => !found.has(id));
    if (unknown.length) {
      throw new ProblemError(
        'parameterInvalid',
        `Unknown article(s): ${unknown.slice(0, 5).join(', ')}; nothing was saved.`,
      );
    }
    // The revision of the draft the change was made on: where it was saved since from another window (or
    // published there), the change is refused rather than saved over that one unseen.
    const revision = typeof input.revision === 'number' ? input.revision : null;
    try {
      await app.selections.saveDraft(date, editor.email, ids as string[], baseVersion, revision);
    } catch (error) {
      if (!(error instanceof DraftChangedError)) throw error;
      return { ...(await dayView(date, editor)), draftChanged: true };
    }
    return dayView(date, editor);
  });

  app.post<{ Params: { date: string } }>('/desk/api/days/:date/publish', async (request) => {
    const date = dayOf(request.params.date);
    const { editor } = deskOf(request);
    const overwrite = body(request).overwrite === true;
    const view = await dayView(date, editor);
    // An empty draft withdraws the day's selection; with none to withdraw (never published, or withdrawn
    // already) and no one's publication meanwhile, it only added an empty version to the day's history.
    const version = view.published?.version ?? view.history[0]?.version ?? 0;
    if (!view.draft.ids.length && !view.published && (overwrite || view.draft.baseVersion === version)) {
      throw new ProblemError(
        'parameterInvalid',
        `Nothing to publish: the draft is empty, and ${date} has no selection to withdraw.`,
      );
    }
    try {
      await app.selections.publish(date, view.draft.ids, editor.email, overwrite ? null : view.draft.baseVersion);
    } catch (error) {
      if (!(error instanceof SelectionConflictError)) throw error;
      // Refused: the draft stays as it is, and the editor is told who published meanwhile.
      const { by, updatedAt, version } = error.current;
      return { ...view, conflict: { by, at: updatedAt, version } };
    }
    await app.selections.dropDraft(date, editor.email);
    return dayView(date, editor);
  });

  /** The draft starts from the latest earlier day's published selection. */
  app.post<{ Params: { date: string } }>('/desk/api/days/:date/copy-previous', async (request) => {
    const date = dayOf(request.params.date);
    const { editor } = deskOf(request);
    const before = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const previous = await app.selections.latestOnOrBefore(before);
    if (!previous) throw new ProblemError('notFound', `No day before ${date} has a published selection to copy.`);
    await app.selections.saveDraft(date, editor.email, previous.ids, await app.selections.version(date));
    return { ...(await dayView(date, editor)), copiedFrom: previous.date };
  });

  app.get('/desk/api/sources', async (request) => {
    adminOnly(request);
    const counts = await app.index.sourceCounts();
    return {
      sources: (await sources.list())
        .filter((s) => s.state !== 'removed')
        .map((s) => ({
          id: s.id,
          name: s.name,
          feedUrl: s.feedUrl,
          siteUrl: s.siteUrl ?? null,
          state: s.state,
          lastFetchedAt: s.lastFetchedAt,
          lastError: s.lastError,
          // Where its feed moved for good (301, 308): its feedUrl wants updating.
          movedTo: s.movedTo ?? null,
          articleCount: counts.get(s.id) ?? 0,
          every: formatDuration(s.everyMs),
          // The interval the worker adapted `every` to (the feed's rhythm), when it differs.
          now: adaptedInterval(s),
        })),
    };
  });

  app.post<{ Params: { id: string; action: string } }>('/desk/api/sources/:id/:action', async (request) => {
    adminOnly(request);
    const { id, action } = request.params;
    if (action !== 'pause' && action !== 'resume')
      throw new ProblemError('notFound', `There is no action '${action.slice(0, 20)}'.`);
    const source = await sources.get(id);
    if (!source || source.state === 'removed')
      throw new ProblemError('notFound', `There is no source '${id.slice(0, 64)}'.`);
    await sources.setState(id, action === 'pause' ? 'paused' : 'active');
    return { id, state: action === 'pause' ? 'paused' : 'active' };
  });

  // The page itself: the built single-page app, and its index for every other /desk/ path.
  const root = options.root ?? fileURLToPath(new URL('../../../desk/dist/', import.meta.url));
  if (existsSync(root)) {
    await app.register(staticFiles, { root, prefix: '/desk/', wildcard: false, index: 'index.html' });
    app.get('/desk/*', async (request, reply) => {
      if (request.url.startsWith('/desk/api/')) throw new ProblemError('notFound', 'There is no such desk API.');
      // A built file that is not there (a page from before a deploy asking for the old build's script) is
      // missing, not the page: the page in its place read as a script failed with a MIME type error.
      if (/^\/desk\/[^?#]*\.[a-z0-9]+(?:[?#]|$)/i.test(request.url)) {
        throw new ProblemError('notFound', 'There is no such file of the desk; reload the page.');
      }
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    });
  }
}
