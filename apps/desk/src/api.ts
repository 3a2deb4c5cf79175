/** The desk's own API (`/desk/api/`): JSON both ways, the session's CSRF token on every change. */

export interface Editor {
  email: string;
  name: string;
  role: 'editor' | 'admin';
}

export interface Article {
  id: string;
  url: string;
  headline: string;
  introduction: string;
  type: string;
  publishedAt: string;
  language: string | null;
  topics: { id: number; name: string }[];
  paywalled: boolean;
  registrationRequired: boolean;
  source: { id: string; name: string; https: boolean | null; iframeable: boolean | null };
  story?: { id: string; size: number };
}

export interface Selection {
  date: string;
  ids: string[];
  version: number;
  by: string;
  updatedAt: string;
}

export interface DayView {
  date: string;
  published: Selection | null;
  /** The editor's draft: `revision` counts its saves (0: none yet). */
  draft: { ids: string[]; baseVersion: number; savedAt: string | null; revision: number };
  articles: Record<string, Article>;
  history: { version: number; by: string; at: string; ids: string[] }[];
  conflict?: { by: string; at: string; version: number };
  /** A save refused: the draft was saved since from another window (this view holds it as saved there). */
  draftChanged?: boolean;
  copiedFrom?: string;
}

export interface SourceRow {
  id: string;
  name: string;
  feedUrl: string;
  /** The site its feed names, once read. */
  siteUrl: string | null;
  state: string;
  lastFetchedAt: string | null;
  lastError: string | null;
  /** Where the feed moved for good (permanent redirects), when it did. */
  movedTo: string | null;
  articleCount: number;
  /** The poll interval set (`10m`). */
  every: string;
  /** The interval the worker adapted it to, when it differs (`66m`). */
  now: string | null;
}

/** An error the API explained (problem+json `detail`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

let csrf = '';

export function setCsrf(token: string): void {
  csrf = token;
}

/** Told when the desk answers 401 to a signed-in page: its session ended (12 h, signed out elsewhere). */
let sessionEnded: (() => void) | null = null;

export function onSessionEnded(handler: (() => void) | null): void {
  sessionEnded = handler;
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    headers['x-csrf-token'] = csrf;
  }
  const res = await fetch(`/desk/api/${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    ...(method !== 'GET' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const data = (await res.json().catch(() => ({}))) as { detail?: string };
  if (res.status === 401 && path !== 'sign-in' && path !== 'password') sessionEnded?.();
  if (!res.ok) throw new ApiError(data.detail ?? `The desk answered ${res.status}.`, res.status);
  return data as T;
}
