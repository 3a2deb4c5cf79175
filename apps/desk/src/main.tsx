/** The editorial desk: sign-in, the day's draft beside a search of the index, publishing, sources. */
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  ApiError,
  type Article,
  call,
  type DayView,
  type Editor,
  onSessionEnded,
  setCsrf,
  type SourceRow,
} from './api.js';
import './styles.css';

interface SessionInfo {
  editor: Editor;
  csrf: string;
  today?: string;
}

const TYPES = ['article', 'video', 'gallery', 'report', 'pressrelease', 'podcast'];
/**
 * The /feed/ flags that leave articles out, as the desk offers them: an editor picking for readers who
 * cannot pass a paywall, or for an app that frames articles, leaves out what they could not open.
 */
const LEAVE_OUT = [
  { param: 'includePaywalled', value: '0', label: 'Paywalled' },
  { param: 'includeRegistration', value: '0', label: 'Registration required' },
  { param: 'excludeNonHttpsSources', value: '1', label: 'Sources without https' },
  { param: 'excludeNonIframeableSources', value: '1', label: 'Sources that forbid framing' },
] as const;
/** Results a search lists at first, and each More results adds. */
const SEARCH_PAGE = 30;
/** How deep a search's pages go (the API's paging answers `pageTooDeep` beyond). */
const SEARCH_DEPTH = 10_000;

/** A required text input with its visible label (the label is its accessible name). */
function TextField(props: {
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onValue: (value: string) => void;
  /** The field to type in first: focused when the form appears (a keyboard user had to find it). */
  autoFocus?: boolean;
}) {
  // Focused here: the HTML attribute acts only on a page's first load, not on a form shown later (a session
  // that ended asks to sign in again in place).
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.autoFocus) input.current?.focus();
  }, []);
  return (
    <label>
      {props.label}
      <input
        ref={input}
        type={props.type}
        autoComplete={props.autoComplete}
        value={props.value}
        onInput={(e) => props.onValue(e.currentTarget.value)}
        required
      />
    </label>
  );
}

/** The last error, announced to screen readers; nothing when there is none. */
function ErrorLine({ error }: { error: string }) {
  return error ? (
    <p role="alert" class="error">
      {error}
    </p>
  ) : null;
}

function message(error: unknown): string {
  return error instanceof ApiError ? error.message : 'The desk could not be reached; try again.';
}

function time(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function SetPassword({ token, onSignedIn }: { token: string; onSignedIn: (s: SessionInfo) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  /** Whom the link signs in (undefined: not known yet, or the desk could not be asked). */
  const [holder, setHolder] = useState<{ email: string; name: string } | undefined>(undefined);
  /** Why the link cannot be used (expired, used): said as the page opens, before a password is chosen. */
  const [gone, setGone] = useState('');
  /** Whether the password was sent: the link is then used up, and the check's late "expired" is no news. */
  const sent = useRef(false);
  useEffect(() => {
    call<{ email: string; name: string }>('GET', `link?token=${encodeURIComponent(token)}`).then(setHolder, (err) => {
      if (err instanceof ApiError && err.status === 404 && !sent.current) setGone(err.message);
    });
  }, [token]);
  const submit = async (e: Event) => {
    e.preventDefault();
    sent.current = true;
    setError('');
    try {
      const session = await call<SessionInfo>('POST', 'password', { token, password });
      history.replaceState(null, '', '/desk/');
      onSignedIn(session);
    } catch (err) {
      setError(message(err));
    }
  };
  // A link found spent keeps its form (a second try says the same), with one alert under the button: above
  // it, arriving as the page opens, it would move what the editor is about to click.
  return (
    <main class="card">
      <h1>Welcome to the Tidings desk</h1>
      <p>Choose a password of at least 12 characters.</p>
      <form onSubmit={(e) => void submit(e)}>
        {/* The account's email, for the browser's password manager to save the new password under. */}
        {holder && <input type="email" autoComplete="username" value={holder.email} readOnly hidden />}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onValue={setPassword}
        />
        <button type="submit">Set password</button>
        <ErrorLine error={error || gone} />
      </form>
      {gone ? (
        <p class="meta">
          An operator gives you a new link with <code>tidings editors reset</code> and your email. Set a password
          already? <a href="/desk/">Go to the sign-in page</a>.
        </p>
      ) : (
        holder && (
          <p class="meta">
            This link signs in <strong>{holder.email}</strong>.
          </p>
        )
      )}
    </main>
  );
}

function SignIn({
  onSignedIn,
  notice = '',
  knownEmail = '',
}: {
  onSignedIn: (s: SessionInfo) => void;
  /** Why the editor is asked to sign in (a session that ended), above the form. */
  notice?: string;
  knownEmail?: string;
}) {
  const [email, setEmail] = useState(knownEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    try {
      onSignedIn(await call<SessionInfo>('POST', 'sign-in', { email, password }));
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <main class="card">
      <h1>Tidings desk</h1>
      {notice && (
        <p role="alert" class="error">
          {notice}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)}>
        {/* A session that ended knows the email: the password is what is left to type. */}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus={!knownEmail}
          value={email}
          onValue={setEmail}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(knownEmail)}
          value={password}
          onValue={setPassword}
        />
        <button type="submit">Sign in</button>
        {/* Under the button: cleared at each try and said again when the answer comes, above it the message
          moved the button twice a try, under a pointer that may be about to click again. */}
        <ErrorLine error={error} />
      </form>
      <p class="meta">
        No password yet, or forgotten? An operator gives you a new sign-in link: <code>tidings editors reset</code> with
        your email.
      </p>
    </main>
  );
}

function Flags({ article }: { article: Article }) {
  return (
    <span class="meta">
      {article.source.name} · {time(article.publishedAt)} · {article.type}
      {article.topics.length > 0 && ` · ${article.topics.map((t) => t.name).join(', ')}`}
      {article.paywalled && ' · paywalled'}
      {article.registrationRequired && ' · registration'}
      {/* The source's flags, for an app that frames articles or wants https only. */}
      {article.source.https === false && ' · no https'}
      {article.source.iframeable === false && ' · no framing'}
      {article.story && article.story.size > 1 && ` · story of ${article.story.size}`}
    </span>
  );
}

function Search({
  onAdd,
  selected,
  ready,
}: {
  onAdd: (a: Article) => void;
  selected: Set<string>;
  /** Whether the day's draft has arrived (until then nothing can be added). */
  ready: boolean;
}) {
  const [terms, setTerms] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [fields, setFields] = useState({ topics: '', companies: '', sources: '', languages: '', from: '', to: '' });
  const [collapse, setCollapse] = useState(false);
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const [results, setResults] = useState<Article[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState('');
  /** The search shown (its filters as submitted) and the last of its pages read. */
  const shownSearch = useRef<{ params: URLSearchParams; page: number } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const search = async (e?: Event) => {
    e?.preventDefault();
    setError('');
    const params = new URLSearchParams({ pageSize: String(SEARCH_PAGE) });
    if (terms.trim()) params.set('searchTerms', terms.trim());
    if (types.length) params.set('articleTypes', types.join(','));
    for (const [name, key] of [
      ['includeTopics', 'topics'],
      ['includeCompanies', 'companies'],
      ['includeSources', 'sources'],
      ['languages', 'languages'],
      ['from', 'from'],
      ['to', 'to'],
    ] as const) {
      if (fields[key].trim()) params.set(name, fields[key].trim());
    }
    for (const flag of LEAVE_OUT) if (leftOut.includes(flag.param)) params.set(flag.param, flag.value);
    if (collapse) params.set('collapseStories', '1');
    try {
      const found = await call<{ articles: Article[]; total: number }>('GET', `search?${params}`);
      shownSearch.current = { params, page: 1 };
      setResults(found.articles);
      setTotal(found.total);
    } catch (err) {
      setError(message(err));
    }
  };
  // The next page of the search shown, after what is listed (an article that came in meanwhile moves the
  // pages by one: one listed already is not listed twice).
  const list = useRef<HTMLUListElement>(null);
  /** The first result of the page that More results is bringing, to focus once listed (pressed by keyboard). */
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const at = focusFrom.current;
    if (at === null) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>(':scope > li a')[at]?.focus();
  }, [results]);
  /**
   * `keyboard`: More results had the focus, which its button loses while the page loads (disabled) and for
   * good when the last page is in (gone): the first of the new results gets it.
   */
  const more = async (keyboard = false) => {
    const shown = shownSearch.current;
    if (!shown || loadingMore) return;
    setLoadingMore(true);
    setError('');
    const params = new URLSearchParams(shown.params);
    params.set('page', String(shown.page + 1));
    try {
      const found = await call<{ articles: Article[]; total: number }>('GET', `search?${params}`);
      if (shownSearch.current !== shown) return;
      shownSearch.current = { params: shown.params, page: shown.page + 1 };
      setResults((listed) => {
        if (keyboard) focusFrom.current = listed.length;
        const ids = new Set(listed.map((article) => article.id));
        return [...listed, ...found.articles.filter((article) => !ids.has(article.id))];
      });
      setTotal(found.total);
    } catch (err) {
      setError(message(err));
    } finally {
      setLoadingMore(false);
    }
  };
  useEffect(() => void search(), []);
  // A name found (NameFinder) adds its id to the filter's list, once.
  const pick = (key: 'topics' | 'companies' | 'sources', id: string) =>
    setFields((current) => {
      const ids = current[key]
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean);
      return ids.includes(id) ? current : { ...current, [key]: [...ids, id].join(', ') };
    });
  const field = (key: keyof typeof fields, label: string, type = 'text', hint = '') => (
    <label class="small">
      {label}
      <input
        type={type}
        placeholder={hint}
        value={fields[key]}
        onInput={(e) => setFields({ ...fields, [key]: e.currentTarget.value })}
      />
    </label>
  );
  return (
    <section class="panel" aria-labelledby="search-title">
      <h2 id="search-title">Find articles</h2>
      <form onSubmit={(e) => void search(e)}>
        <label>
          Search articles
          <input
            type="search"
            value={terms}
            onInput={(e) => setTerms(e.currentTarget.value)}
            placeholder="words or phrases, comma-separated"
          />
        </label>
        <details>
          <summary>Filters</summary>
          <fieldset>
            <legend>Types</legend>
            {TYPES.map((t) => (
              <label class="check" key={t}>
                <input
                  type="checkbox"
                  checked={types.includes(t)}
                  onChange={(e) => setTypes(e.currentTarget.checked ? [...types, t] : types.filter((x) => x !== t))}
                />
                {t}
              </label>
            ))}
          </fieldset>
          <div class="grid">
            <NameFinder kind="topics" label="Find a topic" onPick={(id) => pick('topics', id)} />
            <NameFinder kind="companies" label="Find a company" onPick={(id) => pick('companies', id)} />
            <NameFinder kind="sources" label="Find a source" onPick={(id) => pick('sources', id)} />
          </div>
          <div class="grid">
            {field('topics', 'Topic ids', 'text', '4000000, 15000000')}
            {field('companies', 'Company ids', 'text', '320193')}
            {field('sources', 'Source ids', 'text', 'example-news')}
            {field('languages', 'Languages', 'text', 'en, de')}
            {field('from', 'From', 'date')}
            {field('to', 'To', 'date')}
          </div>
          <fieldset>
            <legend>Leave out</legend>
            {LEAVE_OUT.map(({ param, label }) => (
              <label class="check" key={param}>
                <input
                  type="checkbox"
                  checked={leftOut.includes(param)}
                  onChange={(e) =>
                    setLeftOut(e.currentTarget.checked ? [...leftOut, param] : leftOut.filter((x) => x !== param))
                  }
                />
                {label}
              </label>
            ))}
          </fieldset>
          <label class="check">
            <input type="checkbox" checked={collapse} onChange={(e) => setCollapse(e.currentTarget.checked)} />
            One article per story
          </label>
        </details>
        <button type="submit">Search</button>
      </form>
      <ErrorLine error={error} />
      {total !== null && (
        <p class="meta">
          {total} article(s){total >= 10000 ? ' or more' : ''}
        </p>
      )}
      <ul aria-label="Results" class="list" ref={list}>
        {results.map((article) => (
          <li key={article.id}>
            <div>
              <a href={article.url} target="_blank" rel="noreferrer">
                {article.headline}
              </a>
              {article.introduction && <span class="intro">{article.introduction}</span>}
              <Flags article={article} />
            </div>
            <button
              type="button"
              onClick={(e) => {
                // The button turns disabled once its article is in the selection, and would drop the focus to
                // the page: a keyboard user goes on down the results instead.
                if (document.activeElement === e.currentTarget) nextAdd(e.currentTarget)?.focus();
                onAdd(article);
              }}
              disabled={!ready || selected.has(article.id)}
              title={selected.has(article.id) ? 'Already in the selection' : undefined}
            >
              Add
            </button>
          </li>
        ))}
      </ul>
      {total !== null && results.length < Math.min(total, SEARCH_DEPTH) && (
        <p class="buttons">
          <button
            type="button"
            disabled={loadingMore}
            onClick={(e) => void more(document.activeElement === e.currentTarget)}
          >
            More results
          </button>
        </p>
      )}
    </section>
  );
}

/** A name that `/desk/api/lookup` found, and its id. */
interface Named {
  id: number | string;
  name: string;
}

/**
 * Finds a topic, company or source by name (a company also by ticker, a source by id) and gives its id to
 * `onPick`: the names the server suggests as one types, one of them chosen, or a whole name typed or pasted.
 */
function NameFinder({
  kind,
  label,
  onPick,
}: {
  kind: 'topics' | 'companies' | 'sources';
  label: string;
  onPick: (id: string) => void;
}) {
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<Named[]>([]);
  /** The latest lookup: an answer to an earlier one is dropped. */
  const asked = useRef(0);
  const picked = (found: Named) => {
    onPick(String(found.id));
    setText('');
    setMatches([]);
  };
  const find = async (value: string) => {
    setText(value);
    const chosen = matches.find((match) => match.name === value);
    if (chosen) return picked(chosen);
    const ask = ++asked.current;
    if (!value.trim()) return setMatches([]);
    try {
      const found = await call<{ matches: Named[] }>(
        'GET',
        `lookup?kind=${kind}&q=${encodeURIComponent(value.trim())}`,
      );
      if (ask !== asked.current) return;
      const whole = found.matches.find((match) => match.name === value);
      if (whole) picked(whole);
      else setMatches(found.matches);
    } catch {
      // A failed lookup leaves the text as typed; the id fields still take ids.
    }
  };
  return (
    <label class="small">
      {label}
      <input
        type="search"
        list={`find-${kind}`}
        placeholder="type a name"
        value={text}
        onInput={(e) => void find(e.currentTarget.value)}
      />
      <datalist id={`find-${kind}`}>
        {matches.map((match) => (
          <option key={match.id} value={match.name} label={String(match.id)} />
        ))}
      </datalist>
    </label>
  );
}

/** The buttons of a selected article, in the order the focus falls back on them. */
const ITEM_BUTTONS = ['Move up', 'Move down', 'Remove'];

/** The Add button after `button` in the results that can be pressed (else the one before it). */
function nextAdd(button: HTMLElement): HTMLButtonElement | undefined {
  const all = [...(button.closest('ul')?.querySelectorAll<HTMLButtonElement>(':scope > li > button') ?? [])];
  const at = all.indexOf(button as HTMLButtonElement);
  return [...all.slice(at + 1), ...all.slice(0, at).reverse()].find((other) => !other.disabled);
}

function Draft({
  view,
  onChange,
  onRemove,
}: {
  view: DayView;
  onChange: (ids: string[]) => void;
  /** An article taken out of the selection, and where it was. */
  onRemove: (id: string, at: number) => void;
}) {
  const ids = view.draft.ids;
  const dragged = useRef<number | null>(null);
  /** While an item is dragged: it, and the item it would land on (marked where it would go: before or after). */
  const [dragging, setDragging] = useState<{ from: number; over: number } | null>(null);
  const dropClass = (i: number) =>
    !dragging
      ? undefined
      : i === dragging.from
        ? 'dragging'
        : i === dragging.over
          ? dragging.from < i
            ? 'drop-after'
            : 'drop-before'
          : undefined;
  const list = useRef<HTMLOListElement>(null);
  /**
   * Where the keyboard's focus goes once the list has changed: the item and the button it was on. A moved
   * item's button or a removed item's had lost it (to the page), so that a keyboard user had to find their
   * place again after each move.
   */
  const refocus = useRef<{ ids: string; at: number; button: string; until: number } | null>(null);
  const focusedButton = () => {
    const active = document.activeElement;
    return active instanceof HTMLButtonElement && list.current?.contains(active) ? (active.textContent ?? '') : null;
  };
  useEffect(() => {
    const wanted = refocus.current;
    // Only once the list shows the change (an earlier render's effect may run first), and soon after it.
    if (!wanted || wanted.ids !== ids.join(',') || Date.now() > wanted.until) return;
    refocus.current = null;
    const items = list.current?.querySelectorAll('li');
    if (!items?.length) return;
    const buttons = [...items[Math.min(wanted.at, items.length - 1)]!.querySelectorAll('button')];
    // The same button; where it is disabled now (an item moved to the top or the bottom), the other move
    // button (never Remove, which a second Enter would then press).
    for (const name of [wanted.button, ...ITEM_BUTTONS.filter((name) => name !== wanted.button)]) {
      const button = buttons.find((b) => b.textContent === name && !b.disabled);
      if (button) return void button.focus();
    }
  }, [ids]);
  /** Changes the list to `next`; the focus, if on one of its buttons, goes to `button` of the item at `at`. */
  const change = (next: string[], at: number, button: string | null) => {
    refocus.current = button ? { ids: next.join(','), at, button, until: Date.now() + 2_000 } : null;
    onChange(next);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    change(next, to, focusedButton());
  };
  // The focus goes to the item that takes the removed one's place (the one before, where it was the last).
  const remove = (at: number) => {
    onRemove(ids[at]!, at);
    change(
      ids.filter((_, i) => i !== at),
      at,
      focusedButton() && 'Remove',
    );
  };
  return (
    <>
      {ids.length === 0 && (
        <p class="meta empty">
          No articles in this draft yet: add some from the results, or start from the previous day's selection.
        </p>
      )}
      <ol aria-label="Selection" class="list selection" ref={list}>
        {ids.map((id, i) => {
          const article = view.articles[id];
          return (
            <li
              key={id}
              draggable
              data-id={id}
              class={dropClass(i)}
              onDragStart={(e) => {
                dragged.current = i;
                setDragging({ from: i, over: i });
                e.dataTransfer?.setData('text/plain', id);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                if (dragging && dragging.over !== i) setDragging({ ...dragging, over: i });
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged.current !== null) move(dragged.current, i);
                dragged.current = null;
                setDragging(null);
              }}
              onDragEnd={() => {
                dragged.current = null;
                setDragging(null);
              }}
              onKeyDown={(e) => {
                if (e.altKey && e.key === 'ArrowUp') move(i, i - 1);
                if (e.altKey && e.key === 'ArrowDown') move(i, i + 1);
              }}
            >
              <span class="rank">{i + 1}</span>
              <div>
                <span class="headline">{article?.headline ?? id}</span>
                {article ? (
                  <Flags article={article} />
                ) : (
                  <span class="meta">
                    No longer in the index (its source purged, or past retention): readers do not see it.
                  </span>
                )}
              </div>
              <span class="buttons">
                <button type="button" onClick={() => move(i, i - 1)} disabled={i === 0}>
                  Move up
                </button>
                <button type="button" onClick={() => move(i, i + 1)} disabled={i === ids.length - 1}>
                  Move down
                </button>
                <button type="button" onClick={() => remove(i)}>
                  Remove
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function Sources() {
  const [rows, setRows] = useState<SourceRow[]>([]);
  const [error, setError] = useState('');
  // Thousands of sources are no table to read through: the rows whose name or id has the words typed,
  // in one state (failing first when looking for trouble).
  const [words, setWords] = useState('');
  const [state, setState] = useState('');
  const wanted = words.trim().toLowerCase();
  const shown = rows.filter(
    (s) =>
      (!state || s.state === state) &&
      (!wanted || s.name.toLowerCase().includes(wanted) || s.id.toLowerCase().includes(wanted)),
  );
  const counts = new Map<string, number>();
  for (const s of rows) counts.set(s.state, (counts.get(s.state) ?? 0) + 1);
  const load = async () => {
    try {
      setRows((await call<{ sources: SourceRow[] }>('GET', 'sources')).sources);
    } catch (err) {
      setError(message(err));
    }
  };
  useEffect(() => void load(), []);
  const act = async (id: string, action: 'pause' | 'resume') => {
    try {
      await call('POST', `sources/${encodeURIComponent(id)}/${action}`);
      await load();
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <section class="panel wide" aria-labelledby="sources-title">
      <h2 id="sources-title">Sources</h2>
      <ErrorLine error={error} />
      <p class="source-filters">
        <label class="inline" for="source-words">
          Filter sources
        </label>
        <input
          id="source-words"
          type="search"
          value={words}
          placeholder="name or id"
          onInput={(e) => setWords(e.currentTarget.value)}
        />
        <label class="inline" for="source-state">
          State
        </label>
        <select id="source-state" value={state} onChange={(e) => setState(e.currentTarget.value)}>
          <option value="">all ({rows.length})</option>
          {['active', 'failing', 'paused'].map((name) => (
            <option key={name} value={name}>
              {name} ({counts.get(name) ?? 0})
            </option>
          ))}
        </select>
        <span class="meta">
          {shown.length === rows.length ? `${rows.length} source(s)` : `${shown.length} of ${rows.length} source(s)`}
        </span>
      </p>
      <table aria-label="Sources">
        <thead>
          <tr>
            <th>Source</th>
            <th>State</th>
            <th>Last fetch</th>
            <th>Last error</th>
            <th>Articles</th>
            <th>Interval</th>
            <th>
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((s) => (
            <tr key={s.id}>
              <td>
                {s.siteUrl ? (
                  <a href={s.siteUrl} target="_blank" rel="noreferrer">
                    {s.name}
                  </a>
                ) : (
                  s.name
                )}{' '}
                <span class="meta">{s.id}</span>
                {/* The feed itself, as text: a failing source's "HTTP 404 from host" says which host, not which URL. */}
                <span class="meta feed-url">{s.feedUrl}</span>
              </td>
              <td class={`state ${s.state}`}>{s.state}</td>
              <td>{s.lastFetchedAt ? time(s.lastFetchedAt) : '–'}</td>
              <td class="meta">
                {s.lastError ?? ''}
                {s.movedTo && (
                  <span class="moved">
                    Moved for good to {s.movedTo}: <code>tidings sources update {s.id} --follow-move</code> follows it.
                  </span>
                )}
              </td>
              <td>{s.articleCount}</td>
              <td>
                {s.every}
                {s.now && <span class="meta">now {s.now}</span>}
              </td>
              <td>
                {s.state === 'paused' ? (
                  <button type="button" onClick={() => void act(s.id, 'resume')}>
                    Resume
                  </button>
                ) : (
                  <button type="button" onClick={() => void act(s.id, 'pause')}>
                    Pause
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * What Publish would change, in words: the articles the draft adds to the day's published selection, those
 * it takes out, a new order ("Unpublished changes: 1 added, 2 removed."), and a publication made since the
 * draft began. Editors could not tell a draft they had changed from the selection the API serves.
 */
function draftChanges({ draft, published }: DayView): string {
  if (!published) return draft.ids.length ? 'Not published yet.' : '';
  const inDraft = new Set(draft.ids);
  const inLive = new Set(published.ids);
  const kept = draft.ids.filter((id) => inLive.has(id));
  const parts = [
    kept.length < draft.ids.length && `${draft.ids.length - kept.length} added`,
    kept.length < published.ids.length && `${published.ids.length - kept.length} removed`,
    published.ids.filter((id) => inDraft.has(id)).some((id, at) => id !== kept[at]) && 'order changed',
  ].filter(Boolean);
  const since = draft.baseVersion < published.version;
  if (!parts.length) {
    return since
      ? `Same articles as version ${published.version}, which ${published.by} published after this draft began.`
      : 'No changes since it was published.';
  }
  const changes = `Unpublished changes: ${parts.join(', ')}.`;
  return since ? `${changes} ${published.by} published version ${published.version} after this draft began.` : changes;
}

/** How an error about a draft change the server did not take begins. */
const NOT_SAVED = 'Your last change is not saved';

/** A change of a day's draft, as sent to the server. */
interface DraftChange {
  day: string;
  ids: string[];
  baseVersion: number;
}

/** The day that the desk's address names (`/desk/?day=2026-12-10`), when it is a real date. */
function dayInAddress(): string | null {
  const day = new URLSearchParams(location.search).get('day') ?? '';
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  // (Not "2026-02-30", which dates read as 2 March.)
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day ? null : day;
}

function Desk({ session, onSignedOut }: { session: SessionInfo; onSignedOut: () => void }) {
  const today = session.today ?? new Date().toISOString().slice(0, 10);
  const [day, setDay] = useState(dayInAddress() ?? today);
  // The day chosen stays in the address: a reload (or the link sent to a colleague) opens that day's draft,
  // where it opened today's.
  useEffect(() => history.replaceState(null, '', day === today ? '/desk/' : `/desk/?day=${day}`), [day]);
  const [view, setView] = useState<DayView | null>(null);
  const [notice, setNotice] = useState('');
  /**
   * What Undo takes back, until another notice replaces it: a Remove (the article goes back where it was),
   * a Copy from previous day or a Use as draft (the draft it replaced comes back, which nothing else kept).
   */
  const [undoable, setUndoable] = useState<{
    text: string;
    /** The draft after Undo, from the draft now. */
    ids: (now: string[]) => string[];
    articles: Record<string, Article>;
    /** The article whose Remove gets the focus after Undo (none: Publish gets it). */
    focus: string | null;
  } | null>(null);
  const say = (text: string) => {
    setNotice(text);
    setUndoable(null);
  };
  const [error, setError] = useState('');
  // The day shown: an answer for a day no longer shown is dropped.
  const shown = useRef(day);
  /**
   * The revision of the editor's draft that the server last showed this window: a save says it, and is
   * refused when the draft was saved since from another window (or published there), where it would have
   * overwritten that change unseen.
   */
  const known = useRef(0);
  /** A view the server sent of the day shown. */
  const fromServer = (next: DayView) => {
    known.current = next.draft.revision;
    return next;
  };
  /** The draft as the server has it, when this window's last change was refused as made on an older one. */
  const [elsewhere, setElsewhere] = useState<DayView | null>(null);
  const load = async (date: string) => {
    setError('');
    // The previous day's draft is not this day's: nothing is added to it until this day's arrives (an
    // article added meanwhile went into the new day's draft together with the previous day's selection).
    shown.current = date;
    // (A notice said something of the day shown before: "Copied the selection of …" stayed on the next.)
    say('');
    setView(null);
    setElsewhere(null);
    try {
      const next = await call<DayView>('GET', `days/${date}`);
      if (shown.current === date) setView(fromServer(next));
    } catch (err) {
      if (shown.current === date) setError(message(err));
    }
  };
  useEffect(() => void load(day), [day]);
  /** Counts what the editor did that changes the view (a save, Publish, Copy…): a refresh begun before is dropped. */
  const acted = useRef(0);
  // Back in this window (another tab, another editor's publication meanwhile): the day as the server has
  // it now, unless a change of this window's is on its way or waits for the editor's choice. What Publish
  // would change, and a draft saved from another window, show before Publish or the next change is refused.
  useEffect(() => {
    const refresh = async () => {
      if (document.visibilityState !== 'visible' || !view || view.conflict || elsewhere) return;
      if (sending.current || unsaved.current) return;
      const [date, before] = [shown.current, acted.current];
      const next = await call<DayView>('GET', `days/${date}`).catch(() => null);
      if (next && shown.current === date && acted.current === before && !sending.current && !unsaved.current) {
        setView(fromServer(next));
      }
    };
    const listener = () => void refresh();
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  }, [view, elsewhere]);
  // The draft's changes go to the server one at a time, in order, and only the latest of those made
  // meanwhile: answers that came out of order put an older draft back on screen (and the next change
  // was made on it), and a Publish that overtook a save published the draft without its last change.
  /** The change made last and not sent yet. */
  const wanted = useRef<DraftChange | null>(null);
  /** The latest change until the server has it; sent again before Publish when the server refused it. */
  const unsaved = useRef<DraftChange | null>(null);
  /** The saves under way (none: nothing is being sent). */
  const sending = useRef<Promise<void> | null>(null);
  const [saving, setSaving] = useState(false);
  const send = async () => {
    setSaving(true);
    while (wanted.current) {
      const change = wanted.current;
      wanted.current = null;
      try {
        const { ids, baseVersion } = change;
        const answer = await call<DayView>('PUT', `days/${change.day}/draft`, {
          ids,
          baseVersion,
          revision: known.current,
        });
        if (answer.draftChanged) {
          // Nothing saved: the change stays on screen and unsaved until the editor chooses.
          if (shown.current !== change.day) continue;
          wanted.current = null;
          setElsewhere(answer);
          setError(`${NOT_SAVED}: this draft was changed meanwhile in another window, or published there.`);
          break;
        }
        if (unsaved.current === change) unsaved.current = null;
        if (shown.current !== change.day) continue;
        fromServer(answer);
        // An answer to a change that a later one replaced would show the older draft.
        if (!wanted.current) {
          setView(answer);
          setError((current) => (current.startsWith(NOT_SAVED) ? '' : current));
        }
      } catch (err) {
        if (shown.current === change.day) setError(`${NOT_SAVED}: ${message(err)}`);
      }
    }
    setSaving(false);
  };
  const startSending = () => (sending.current ??= send().finally(() => (sending.current = null)));
  const save = (ids: string[]) => {
    if (!view) return;
    acted.current++;
    // As an update of the view on screen: an article added just before is in it (Add puts it there).
    setView((current) => current && { ...current, draft: { ...current.draft, ids } });
    const change = { day, ids, baseVersion: view.draft.baseVersion };
    wanted.current = change;
    unsaved.current = change;
    void startSending();
  };
  /** Sends what is not saved yet (a change the server missed, again), and says whether all of it is saved now. */
  const flush = async (): Promise<boolean> => {
    if (sending.current) await sending.current;
    if (unsaved.current) {
      wanted.current = unsaved.current;
      await startSending();
    }
    return unsaved.current === null;
  };
  /** After a refused save: this window's draft is saved over the other one. */
  const keepMine = async () => {
    if (!elsewhere) return;
    known.current = elsewhere.draft.revision;
    setElsewhere(null);
    setError('');
    await flush();
  };
  /** After a refused save: the draft as saved elsewhere replaces this window's change. */
  const loadTheirs = () => {
    if (!elsewhere) return;
    unsaved.current = null;
    setView(fromServer(elsewhere));
    setElsewhere(null);
    setError('');
  };
  const publish = async (overwrite = false) => {
    acted.current++;
    say('');
    if (!(await flush())) return;
    setError('');
    try {
      const next = await call<DayView>('POST', `days/${day}/publish`, { overwrite });
      setView(fromServer(next));
      if (next.conflict) {
        setError(
          `Not published: ${next.conflict.by} published this day meanwhile (version ${next.conflict.version}, ${time(next.conflict.at)}). Your draft is kept.`,
        );
      } else if (next.published) say(`Published version ${next.published.version}.`);
      // An empty draft published withdraws the day's selection (it said "Published version 0.").
      else say('Withdrawn: the selection was empty, so nothing is recommended for this day now.');
    } catch (err) {
      setError(message(err));
    }
  };
  const copy = async () => {
    acted.current++;
    say('');
    if (!(await flush())) return;
    const before = view && { ids: view.draft.ids, articles: view.articles };
    try {
      const next = await call<DayView>('POST', `days/${day}/copy-previous`);
      setView(fromServer(next));
      const text = `Copied the selection of ${next.copiedFrom}.`;
      if (before?.ids.length) setUndoable({ text, ids: () => before.ids, articles: before.articles, focus: null });
      else say(text);
    } catch (err) {
      setError(message(err));
    }
  };
  const reload = async () => {
    acted.current++;
    if (!view || !(await flush())) return;
    try {
      const ids = view.published?.ids ?? [];
      // The day's version: a withdrawn day's is its history's newest.
      const baseVersion = view.published?.version ?? view.history[0]?.version ?? 0;
      setView(fromServer(await call<DayView>('PUT', `days/${day}/draft`, { ids, baseVersion })));
      setError('');
    } catch (err) {
      setError(message(err));
    }
  };
  /** Where the focus goes once Undo's change shows (Undo itself is gone): an article's Remove, or Publish. */
  const restored = useRef<string | null>(null);
  const undo = () => {
    if (!view || !undoable) return;
    const { ids, articles, focus } = undoable;
    setView((current) => current && { ...current, articles: { ...articles, ...current.articles } });
    restored.current = focus ?? '';
    setUndoable(null);
    save(ids(view.draft.ids));
  };
  useEffect(() => {
    const id = restored.current;
    if (id === null) return;
    if (!id) {
      restored.current = null;
      return void document.querySelector<HTMLButtonElement>('button.primary')?.focus();
    }
    const item = document.querySelector(`ol.selection li[data-id="${CSS.escape(id)}"]`);
    if (!item) return;
    restored.current = null;
    [...item.querySelectorAll('button')].find((button) => button.textContent === 'Remove')?.focus();
  }, [view]);
  const signOut = async () => {
    onSessionEnded(null);
    await call('POST', 'sign-out').catch(() => undefined);
    onSignedOut();
  };
  // A session that ends while the desk is open (12 h, signed out elsewhere) asks to sign in again in
  // place: the day, the draft on screen and a change not saved yet stay, and are saved once signed in.
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    onSessionEnded(() => setEnded(true));
    return () => onSessionEnded(null);
  }, []);
  const resume = (again: SessionInfo) => {
    // Someone else signed in: their desk, not this one's draft.
    if (again.editor.email !== session.editor.email) return location.reload();
    setCsrf(again.csrf);
    setEnded(false);
    setError('');
    void flush();
  };
  if (ended) {
    return (
      <SignIn
        onSignedIn={resume}
        knownEmail={session.editor.email}
        notice="Your session has ended. Sign in again to go on: the draft on screen is kept, and saved once you are back."
      />
    );
  }
  const selected = new Set(view?.draft.ids ?? []);
  const changes = view ? draftChanges(view) : '';
  return (
    <>
      <header class="bar">
        <h1 class="title">Tidings desk</h1>
        <label class="inline">
          Day
          {/* Emptied, it stays on the day shown, and says that day again once left (it stayed blank). */}
          <input
            type="date"
            value={day}
            onChange={(e) => e.currentTarget.value && setDay(e.currentTarget.value)}
            onBlur={(e) => {
              if (!e.currentTarget.value) e.currentTarget.value = day;
            }}
          />
        </label>
        <span class="meta">
          {session.editor.name} ({session.editor.role})
        </span>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main>
        <div class="columns">
          <Search
            selected={selected}
            ready={view !== null}
            onAdd={(article) => {
              if (!view || selected.has(article.id)) return;
              setView((current) => current && { ...current, articles: { ...current.articles, [article.id]: article } });
              void save([...view.draft.ids, article.id]);
            }}
          />
          <section class="panel" aria-labelledby="draft-title">
            <h2 id="draft-title">Draft of {day}</h2>
            <p class="meta">
              {view?.published
                ? `Published: version ${view.published.version} by ${view.published.by}, ${time(view.published.updatedAt)}.`
                : view?.history[0]
                  ? // (A withdrawal is a version with no articles; it said "Nothing published for this day yet".)
                    `Withdrawn: version ${view.history[0].version} by ${view.history[0].by}, ${time(view.history[0].at)}; nothing is recommended for this day.`
                  : 'Nothing published for this day yet.'}{' '}
              Drag items or use Move up / Move down (Alt+↑/↓) to order them.
            </p>
            {/* Keys: an unkeyed paragraph appearing here took the place of the buttons' one below, and Preact
              made the buttons anew, which dropped the keyboard's focus from Publish once it had published. */}
            {(notice || undoable) && (
              <p key="notice" role="status" class="notice">
                {undoable ? (
                  <>
                    {undoable.text}{' '}
                    <button type="button" onClick={undo}>
                      Undo
                    </button>
                  </>
                ) : (
                  notice
                )}
              </p>
            )}
            {error && (
              <div key="error" role="alert" class="error">
                <p>{error}</p>
                {elsewhere && (
                  <p>
                    <button type="button" onClick={() => void keepMine()}>
                      Keep this version
                    </button>{' '}
                    <button type="button" onClick={loadTheirs}>
                      Load the other version
                    </button>
                  </p>
                )}
                {view?.conflict && (
                  <p>
                    <button type="button" onClick={() => void publish(true)}>
                      Overwrite
                    </button>{' '}
                    <button type="button" onClick={() => void reload()}>
                      Reload published version
                    </button>
                  </p>
                )}
              </div>
            )}
            {view && (
              <Draft
                view={view}
                onChange={(ids) => void save(ids)}
                onRemove={(id, at) => {
                  setNotice('');
                  const article = view.articles[id];
                  setUndoable({
                    text: `Removed “${article?.headline ?? id}”.`,
                    ids: (now) => {
                      const back = now.filter((other) => other !== id);
                      back.splice(Math.min(at, back.length), 0, id);
                      return back;
                    },
                    articles: article ? { [id]: article } : {},
                    focus: id,
                  });
                }}
              />
            )}
            <p key="actions" class="buttons">
              <button type="button" class="primary" onClick={() => void publish()}>
                Publish
              </button>
              <button type="button" onClick={() => void copy()}>
                Copy from previous day
              </button>
            </p>
            {/* What Publish would change, and a save under way, under Publish: they change as saves are answered,
              and above the list they moved the articles' buttons the editor was about to click. */}
            <p key="changes" class="meta changes">
              {changes && <strong>{changes}</strong>}
              {saving ? `${changes ? ' ' : ''}Saving…` : ''}
            </p>
            <h3>History</h3>
            <ul class="history">
              {(view?.history ?? []).map((h) =>
                // A withdrawal (an empty publication) has no articles to list or to start a draft from: it showed
                // "0 article(s)", a Use as draft that emptied the draft, and an empty list.
                !h.ids.length ? (
                  <li key={h.version}>
                    Version {h.version} by {h.by}, {time(h.at)}: withdrawn, nothing recommended.
                  </li>
                ) : (
                  <li key={h.version}>
                    Version {h.version} by {h.by}, {time(h.at)}: {h.ids.length} article(s){' '}
                    {/* Back to an earlier publication: it becomes the draft, to publish again (or change first). */}
                    <button
                      type="button"
                      // The visible words first in the name (WCAG's label in name: "click Use as draft" by voice).
                      aria-label={`Use as draft: version ${h.version}`}
                      onClick={() => {
                        if (!view) return;
                        const before = { ids: view.draft.ids, articles: view.articles };
                        save(h.ids);
                        const text = `The draft is version ${h.version} again: Publish to make it the day's selection.`;
                        // The draft it replaced comes back with Undo (nothing else kept it).
                        if (!before.ids.length || before.ids.join() === h.ids.join()) say(text);
                        else setUndoable({ text, ids: () => before.ids, articles: before.articles, focus: null });
                      }}
                    >
                      Use as draft
                    </button>
                    {/* What was published, in its order (the history said only how many). */}
                    <details>
                      <summary>Articles of version {h.version}</summary>
                      <ol class="published-list">
                        {h.ids.map((id) => (
                          <li key={id}>{view?.articles[id]?.headline ?? id}</li>
                        ))}
                      </ol>
                    </details>
                  </li>
                ),
              )}
              {view && !view.history.length && <li class="meta">No publication yet.</li>}
            </ul>
          </section>
        </div>
        {session.editor.role === 'admin' && <Sources />}
      </main>
    </>
  );
}

function App() {
  const token = new URLSearchParams(location.search).get('token');
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  useEffect(() => {
    if (token) return setSession(null);
    call<SessionInfo>('GET', 'session')
      .then((s) => {
        setCsrf(s.csrf);
        setSession(s);
      })
      .catch(() => setSession(null));
  }, []);
  const signedIn = (s: SessionInfo) => {
    setCsrf(s.csrf);
    // The session endpoint also says which day is today in the editorial time zone.
    void call<SessionInfo>('GET', 'session').then(setSession, () => setSession(s));
  };
  if (session === undefined) return <p class="meta">Loading…</p>;
  if (!session && token) return <SetPassword token={token} onSignedIn={signedIn} />;
  if (!session) return <SignIn onSignedIn={signedIn} />;
  return <Desk session={session} onSignedOut={() => setSession(null)} />;
}

render(<App />, document.getElementById('app')!);
