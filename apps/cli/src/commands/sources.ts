/** `tidings sources …`: the source registry (CONTRACT §3). */
import { readFile } from 'node:fs/promises';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import { unknownTopics } from '@tidings/catalog/catalog';
import { ARTICLE_TYPES } from '@tidings/core/article';
import { blockedAddressOf, PRIVATE_NETWORK_HINT } from '@tidings/fetch/address-guard';
import {
  adaptedInterval,
  formatDuration,
  PAYWALL_MODES,
  SOURCE_STATES,
  type Source,
  type SourceInput,
  SourceStore,
  toSettings,
} from '@tidings/store/sources';
import { CliError, type Context, table } from '../context.js';

function idList(value: string): number[] {
  const ids = value.split(',').map((v) => v.trim());
  if (!ids.every((v) => /^\d+$/.test(v) && Number(v) > 0))
    throw new InvalidArgumentError('expected topic ids such as 4000000,15000000');
  return ids.map(Number);
}

/**
 * A warning for default topics that are no IPTC media topic (none: all are): the worker can only leave
 * them out of every article, so a mistyped id ("1500000" for sport) left the source's articles without the
 * topic meant, and nothing said so. A warning, not a refusal: the setting is kept as given.
 */
function unknownTopicsWarning(topics: readonly number[] | undefined): string | null {
  const unknown = unknownTopics((topics ?? []).filter((id) => Number.isSafeInteger(id) && id > 0));
  if (!unknown.length) return null;
  const what = unknown.length === 1 ? 'is not an IPTC media topic id' : 'are not IPTC media topic ids';
  return `topics: ${unknown.join(', ')} ${what} (GET /api/v2/topics/ lists them); the worker leaves ${unknown.length === 1 ? 'it' : 'them'} out of every article`;
}

/** A source as `--json` shows it: settings, state and the number of its articles. */
function view(source: Source, articleCount: number) {
  const { everyMs, ...rest } = source;
  // What the feed says about its site: `null` until it is read (older records lack the fields).
  const site = {
    siteUrl: source.siteUrl ?? null,
    siteDomain: source.siteDomain ?? null,
    siteLanguage: source.siteLanguage ?? null,
    // A podcast's Apple Podcasts categories (its episodes' topics): empty until read, or for a feed naming none.
    podcastCategories: source.podcastCategories ?? [],
    // Where the feed answers now, reached only through permanent redirects: its feedUrl wants updating.
    movedTo: source.movedTo ?? null,
  };
  // `pollMs` in words beside `every` (`59m`; null where the worker has not adapted it, or kept it).
  return { ...rest, ...site, every: formatDuration(everyMs), adaptedEvery: adaptedInterval(source), articleCount };
}

/** A table cell's text cut at 60 characters. */
const shortened = (text: string): string => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** A list entry as `sources show` prints it: a podcast's category with its subcategories "A › B". */
const listed = (value: unknown): string => (Array.isArray(value) ? value.join(' › ') : String(value));

const YAML_KEYS = new Set([
  'id',
  'name',
  'feedUrl',
  'type',
  'topics',
  'language',
  'paywalled',
  'registrationRequired',
  'every',
]);

/** Reads a `sources sync` file; every problem names its line. */
export function parseSourcesYaml(text: string, file: string, warnings: string[] = []): SourceInput[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const at = (offset: number | undefined) => `${file}:${offset === undefined ? '?' : lineCounter.linePos(offset).line}`;
  const lineOf = (node: unknown) => at((node as { range?: [number] } | null)?.range?.[0]);
  if (doc.errors.length) throw new CliError(`${at(doc.errors[0]!.pos[0])}: ${doc.errors[0]!.message.split('\n')[0]}`);
  const root = doc.contents;
  if (!isMap(root)) throw new CliError(`${file}: expected a mapping with a 'sources' list`);
  for (const pair of root.items) {
    const key = String((pair.key as { value?: unknown }).value);
    if (key !== 'sources') throw new CliError(`${lineOf(pair.key)}: unknown key '${key}' (expected 'sources')`);
  }
  const list = root.get('sources', true);
  if (!isSeq(list)) throw new CliError(`${file}: 'sources' must be a list`);
  const seen = new Set<string>();
  return list.items.map((node) => {
    const line = lineOf(node);
    if (!isMap(node)) throw new CliError(`${line}: each source must be a mapping`);
    for (const pair of node.items) {
      const key = String((pair.key as { value?: unknown }).value);
      if (!YAML_KEYS.has(key)) {
        throw new CliError(`${lineOf(pair.key)}: unknown key '${key}' (known: ${[...YAML_KEYS].join(', ')})`);
      }
    }
    const raw = node.toJSON() as Record<string, unknown>;
    const text = (key: string): string | undefined => {
      const value = raw[key];
      if (value === undefined || value === null) return undefined;
      if (typeof value === 'string' || typeof value === 'number') return String(value);
      throw new CliError(`${line}: ${key} must be a single value`);
    };
    const feedUrl = text('feedUrl');
    if (!feedUrl) throw new CliError(`${line}: feedUrl is required`);
    const input: SourceInput = { feedUrl };
    for (const key of ['id', 'name', 'type', 'language', 'paywalled', 'every'] as const) {
      const value = text(key);
      if (value !== undefined) input[key] = value;
    }
    if (raw.topics !== undefined) {
      if (!Array.isArray(raw.topics)) throw new CliError(`${line}: topics must be a list of ids`);
      input.topics = raw.topics.map(Number);
      const warning = unknownTopicsWarning(input.topics);
      if (warning) warnings.push(`${line}: ${warning}`);
    }
    if (raw.registrationRequired !== undefined) {
      if (typeof raw.registrationRequired !== 'boolean')
        throw new CliError(`${line}: registrationRequired must be true or false`);
      input.registrationRequired = raw.registrationRequired;
    }
    try {
      const settings = toSettings(input);
      if (seen.has(settings.id)) throw new Error(`id: '${settings.id}' appears twice`);
      seen.add(settings.id);
      input.id = settings.id;
    } catch (error) {
      throw new CliError(`${line}: ${(error as Error).message}`);
    }
    return input;
  });
}

/** Host names looked up at once when warning about private addresses (Node resolves 4 at a time). */
const LOOKUPS_AT_ONCE = 8;
/** How long the warning may hold up `sources add` and `sources sync`, whatever the DNS does. */
const WARNING_BUDGET_MS = 5_000;

/**
 * A feed on a private address is accepted (the worker may run with `ALLOW_PRIVATE_NETWORKS`), but
 * without that setting every fetch would fail: say so now rather than at the first fetch. Each host
 * is looked up once, several at a time, for at most {@link WARNING_BUDGET_MS} in all: one lookup
 * after another, a sync of thousands of new sources took minutes (and a resolver that drops a query
 * costs 5 s), with nothing on the screen. Hosts left unchecked are counted in one line.
 */
async function warnPrivate(context: Context, feedUrls: string[]): Promise<void> {
  if (context.config.ALLOW_PRIVATE_NETWORKS) return;
  const feedsOf = new Map<string, string[]>();
  for (const feedUrl of feedUrls) {
    const host = new URL(feedUrl).hostname;
    feedsOf.set(host, [...(feedsOf.get(host) ?? []), feedUrl]);
  }
  const hosts = [...feedsOf.keys()];
  const blocked = new Map<string, string>();
  const deadline = Date.now() + WARNING_BUDGET_MS;
  let next = 0;
  let checked = 0;
  const lookupNext = async (): Promise<void> => {
    while (next < hosts.length && Date.now() < deadline) {
      const host = hosts[next++]!;
      const address = await blockedAddressOf(host, Math.min(2_000, deadline - Date.now()));
      if (address !== null) blocked.set(host, address);
      if (Date.now() < deadline) checked++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, hosts.length) }, lookupNext));
  for (const host of hosts) {
    const address = blocked.get(host);
    if (address === undefined) continue;
    const what = address === host.replace(/^\[|\]$/g, '') ? host : `${host} (${address})`;
    for (const feedUrl of feedsOf.get(host)!) {
      context.io.err(
        `tidings: warning: ${what} is not a public address, so the worker will refuse to fetch ${feedUrl}; ${PRIVATE_NETWORK_HINT} (in the worker's environment)\n`,
      );
    }
  }
  if (checked < hosts.length) {
    context.io.err(
      `tidings: note: ${hosts.length - checked} of ${hosts.length} feed host(s) could not be checked for private addresses in time (slow DNS); the worker reports any feed it refuses\n`,
    );
  }
}

/**
 * Two sources reading one feed fetch it twice, and each article belongs to whichever fetched it
 * first (CONTRACT §1.4): allowed (a test of that rule does it), but rarely what an operator means.
 */
function warnTwins(context: Context, feedUrl: string, ids: string[]): void {
  if (ids.length < 2) return;
  context.io.err(
    `tidings: warning: sources ${ids.map((id) => `'${id}'`).join(' and ')} read the same feed ${feedUrl}; it is fetched once for each, and its articles belong to whichever fetches them first\n`,
  );
}

/** The settings that `sources add` and `sources update` both take, as `sources sync` files name them. */
function settingOptions(command: Command): Command {
  return command
    .addOption(new Option('--type <type>', 'default article type').choices([...ARTICLE_TYPES]))
    .addOption(new Option('--topics <ids>', 'default topic ids, e.g. 15000000,4000000').argParser(idList))
    .addOption(new Option('--paywalled <mode>', 'paywall: all, none or detect').choices([...PAYWALL_MODES]))
    .option('--registration-required', 'articles need a free registration')
    .option('--every <duration>', 'poll interval, e.g. 10m (1m … 7d)');
}

export function registerSourceCommands(program: Command, context: Context): void {
  const { io, config } = context;
  const store = async () => new SourceStore(await context.redis(), config.REDIS_PREFIX);
  const counts = async () => (await context.index()).sourceCounts();

  /**
   * The error for a source id the registry does not have; it names the articles the index holds of it, if
   * any (filed by an import under an id of its own), and the purge that deletes them.
   */
  const noSuchSource = async (id: string) => {
    const imported = (await counts()).get(id) ?? 0;
    return new CliError(
      imported
        ? `no source with id '${id}' in the registry, but the index holds ${imported} article(s) of it (imported); tidings sources remove ${id} --purge deletes them`
        : `no source with id '${id}'`,
    );
  };

  const sources = program.command('sources').description('publisher feeds and their fetch state');
  const add = sources
    .command('add')
    .description('add a feed')
    .argument('<feedUrl>', 'the RSS or Atom feed URL')
    .option('--name <name>', 'display name (default: the feed host)')
    .option('--id <slug>', 'unique slug (default: derived from the feed host)')
    .option('--language <tag>', 'language of the items (default: from the feed)');
  settingOptions(add)
    .option('--json', 'print JSON')
    .action(async (feedUrl: string, o: Record<string, unknown>) => {
      let settings;
      try {
        settings = toSettings({
          feedUrl,
          ...(o.id ? { id: o.id as string } : {}),
          ...(o.name ? { name: o.name as string } : {}),
          ...(o.type ? { type: o.type as string } : {}),
          ...(o.topics ? { topics: o.topics as number[] } : {}),
          ...(o.language ? { language: o.language as string } : {}),
          ...(o.paywalled ? { paywalled: o.paywalled as string } : {}),
          ...(o.registrationRequired ? { registrationRequired: true } : {}),
          ...(o.every ? { every: o.every as string } : {}),
        });
      } catch (error) {
        throw new CliError((error as Error).message);
      }
      const registry = await store();
      const twins = (await registry.list()).filter(
        (other) => other.state !== 'removed' && other.feedUrl === settings.feedUrl && other.id !== settings.id,
      );
      const source = await registry.add(settings).catch((error: Error) => {
        throw new CliError(error.message);
      });
      warnTwins(context, source.feedUrl, [...twins.map((other) => other.id), source.id]);
      const topicsWarning = unknownTopicsWarning(source.topics);
      if (topicsWarning) io.err(`tidings: warning: ${topicsWarning}\n`);
      await warnPrivate(context, [source.feedUrl]);
      if (o.json) return context.json(view(source, 0));
      io.out(`Added source ${source.id} (${source.feedUrl}), polled every ${formatDuration(source.everyMs)}.\n`);
    });

  sources
    .command('list')
    .description('list sources with their state')
    // Among thousands of feeds, the few failing ones (or paused, removed) without a pipe through grep.
    .addOption(new Option('--state <state>', 'only the sources in this state').choices([...SOURCE_STATES]))
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean; state?: string }) => {
      const [all, perSource] = await Promise.all([(await store()).list(), counts()]);
      const list = o.state ? all.filter((s) => s.state === o.state) : all;
      if (o.json) return context.json(list.map((s) => view(s, perSource.get(s.id) ?? 0)));
      if (!all.length) return io.out('No sources yet: tidings sources add <feedUrl>\n');
      if (!list.length) return io.out(`No ${o.state} sources (of ${all.length}).\n`);
      io.out(
        table([
          ['ID', 'STATE', 'EVERY', 'ARTICLES', 'LAST FETCHED', 'LAST ERROR'],
          ...list.map((s) => [
            s.id,
            s.state,
            // The interval set, and the one the worker adapted it to (the feed's rhythm), as the desk shows them.
            [formatDuration(s.everyMs), adaptedInterval(s)].filter(Boolean).join(', now '),
            String(perSource.get(s.id) ?? 0),
            s.lastFetchedAt ?? 'never',
            // The last error (shortened), whatever the state: a source may fail once and then recover; else
            // where its feed moved for good (its feedUrl wants updating).
            shortened(s.lastError ?? (s.movedTo ? `moved to ${s.movedTo}` : '')),
          ]),
        ]),
      );
    });

  const update = sources
    .command('update')
    .description("change a source's settings (its state, fetch history and articles stay)")
    .argument('<id>')
    .option('--feed-url <url>', 'a new feed URL')
    .option('--follow-move', 'the feed URL it moved to for good (movedTo in sources show)')
    .option('--name <name>', 'display name')
    .option('--language <tag>', 'language of the items');
  settingOptions(update)
    .option('--no-registration-required', 'articles need no registration')
    .option('--json', 'print JSON')
    .action(async (id: string, o: Record<string, unknown>) => {
      const registry = await store();
      const existing = await registry.get(id);
      if (!existing || existing.state === 'removed') throw new CliError(`no source with id '${id}'`);
      if (o.feedUrl && o.followMove) throw new CliError('give --feed-url or --follow-move, not both');
      if (o.followMove && !existing.movedTo) {
        throw new CliError(`source ${id} has not moved: its last fetch met no permanent redirect`);
      }
      const changes = ['feedUrl', 'followMove', 'name', 'type', 'topics', 'language', 'paywalled'].some(
        (key) => o[key] !== undefined,
      );
      if (!changes && o.every === undefined && o.registrationRequired === undefined) {
        throw new CliError('nothing to change: give --feed-url, --follow-move, --name, --type, --topics, --every, …');
      }
      let settings;
      try {
        const checked = toSettings({
          id,
          feedUrl: (o.feedUrl as string | undefined) ?? (o.followMove ? existing.movedTo! : existing.feedUrl),
          name: (o.name as string | undefined) ?? existing.name,
          type: (o.type as string | undefined) ?? existing.type,
          topics: (o.topics as number[] | undefined) ?? existing.topics,
          language: (o.language as string | undefined) ?? existing.language,
          paywalled: (o.paywalled as string | undefined) ?? existing.paywalled,
          registrationRequired: (o.registrationRequired as boolean | undefined) ?? existing.registrationRequired,
          ...(o.every !== undefined ? { every: o.every as string } : {}),
        });
        settings = { ...checked, everyMs: o.every !== undefined ? checked.everyMs : existing.everyMs };
      } catch (error) {
        throw new CliError((error as Error).message);
      }
      const changed = (Object.keys(settings) as (keyof typeof settings)[]).filter(
        (key) => JSON.stringify(settings[key]) !== JSON.stringify(existing[key]),
      );
      const source = await registry.updateSettings(settings);
      const topicsWarning = o.topics ? unknownTopicsWarning(source.topics) : null;
      if (topicsWarning) io.err(`tidings: warning: ${topicsWarning}\n`);
      if (source.feedUrl !== existing.feedUrl) {
        const twins = (await registry.list()).filter(
          (other) => other.state !== 'removed' && other.feedUrl === source.feedUrl && other.id !== id,
        );
        warnTwins(context, source.feedUrl, [...twins.map((other) => other.id), id]);
        await warnPrivate(context, [source.feedUrl]);
      }
      if (o.json) return context.json(view(source, (await counts()).get(id) ?? 0));
      const shown = (key: keyof typeof settings) =>
        key === 'everyMs' ? `every ${formatDuration(source.everyMs)}` : `${key} ${JSON.stringify(source[key])}`;
      io.out(
        changed.length
          ? `Updated source ${id}: ${changed.map(shown).join(', ')}.\n`
          : `Source ${id} already had these settings; nothing changed.\n`,
      );
    });

  sources
    .command('show')
    .description('one source in full')
    .argument('<id>')
    .option('--json', 'print JSON')
    .action(async (id: string, o: { json?: boolean }) => {
      const source = await (await store()).get(id);
      if (!source) throw await noSuchSource(id);
      const shown = view(source, (await counts()).get(id) ?? 0);
      if (o.json) return context.json(shown);
      io.out(
        Object.entries(shown)
          .map(([k, v]) => `${k.padEnd(22)} ${Array.isArray(v) ? v.map(listed).join(', ') : String(v ?? '—')}`)
          .join('\n') + '\n',
      );
    });

  for (const [name, state, verb] of [
    ['pause', 'paused', 'Paused'],
    ['resume', 'active', 'Resumed'],
  ] as const) {
    sources
      .command(name)
      .description(name === 'pause' ? 'stop polling a source' : 'poll a paused or failing source again')
      .argument('<id>')
      .action(async (id: string) => {
        const s = await store();
        const source = await s.get(id);
        if (!source) throw new CliError(`no source with id '${id}'`);
        if (source.state === 'removed') {
          throw new CliError(
            `source '${id}' was removed; add it again with: tidings sources add ${source.feedUrl} --id ${id}`,
          );
        }
        await s.setState(id, state);
        io.out(`${verb} source ${id}.\n`);
      });
  }

  sources
    .command('remove')
    .description('stop and remove a source (its articles stay unless --purge)')
    .argument('<id>')
    .option('--purge', 'also delete its articles from the index')
    .action(async (id: string, o: { purge?: boolean }) => {
      const s = await store();
      const source = await s.get(id);
      if (!source) {
        // Articles imported under a source id the registry never had (`tidings import` takes any): a
        // purge is the only way to delete them, and it was refused as there being no such source.
        if (!o.purge) throw await noSuchSource(id);
        if (!(await counts()).get(id)) throw new CliError(`no source with id '${id}'`);
        const removed = await (await context.index()).removeBySource(id);
        io.out(`Removed the ${removed} article(s) of ${id}, a source id the registry does not have.\n`);
        return;
      }
      if (o.purge) {
        // The record goes first: a fetch of this source still running sees it gone when it finishes
        // and removes what it wrote itself, so nothing it fetched outlives the purge.
        await s.forget(id);
        const removed = await (await context.index()).removeBySource(id);
        io.out(`Removed source ${id} and its ${removed} article(s).\n`);
      } else if (source.state === 'removed') {
        io.out(`Source ${id} was removed already; its articles stay (use --purge to delete them).\n`);
      } else {
        await s.setState(id, 'removed');
        io.out(`Removed source ${id}; its articles stay (use --purge to delete them).\n`);
      }
    });

  sources
    .command('sync')
    .description('make the source list exactly what a YAML file says')
    .argument('<file>', 'YAML with a sources: list (keys as in sources add)')
    .option('--json', 'print JSON')
    .action(async (file: string, o: { json?: boolean }) => {
      const text = await readFile(file, 'utf8').catch(() => {
        throw new CliError(`cannot read ${file}`);
      });
      const warnings: string[] = [];
      const listed = parseSourcesYaml(text, file, warnings).map((input) => toSettings(input));
      for (const warning of warnings) io.err(`tidings: warning: ${warning}\n`);
      const idsOf = new Map<string, string[]>();
      for (const settings of listed) {
        idsOf.set(settings.feedUrl, [...(idsOf.get(settings.feedUrl) ?? []), settings.id]);
      }
      for (const [feedUrl, ids] of idsOf) warnTwins(context, feedUrl, ids);
      const s = await store();
      const before = new Map((await s.list()).map((x) => [x.id, x]));
      // Only feeds new to the registry are checked: syncing the same file again looks nothing up.
      const known = new Set([...before.values()].filter((x) => x.state !== 'removed').map((x) => x.feedUrl));
      await warnPrivate(
        context,
        listed.map((settings) => settings.feedUrl).filter((feedUrl) => !known.has(feedUrl)),
      );
      const outcome = { added: [] as string[], updated: [] as string[], removed: [] as string[] };
      for (const settings of listed) {
        const old = before.get(settings.id);
        await s.updateSettings(settings);
        if (!old || old.state === 'removed') outcome.added.push(settings.id);
        else outcome.updated.push(settings.id);
        before.delete(settings.id);
      }
      for (const [id, old] of before) {
        if (old.state === 'removed') continue;
        await s.setState(id, 'removed');
        outcome.removed.push(id);
      }
      if (o.json) return context.json(outcome);
      io.out(
        `Synced ${file}: ${outcome.added.length} added, ${outcome.updated.length} kept or updated, ${outcome.removed.length} removed.\n`,
      );
    });
}
