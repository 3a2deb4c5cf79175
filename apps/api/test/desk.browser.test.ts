/**
 * The editorial desk in a real browser (Debian's chromium through playwright-core), on real pages
 * served by the real app, real Redis and an embedded index with articles: sign-in by one-time link,
 * search, add, reorder by drag and drop and by keyboard, publish and see the API serve that order; two
 * editors on one day; lock-out; sign-out; a removed editor; roles; a cross-site POST.
 * Screenshots of the main screens go to apps/desk/test/screenshots/ (git-ignored).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@tidings/core/article';
import { EditorStore } from '@tidings/store/editors';
import { article, buildTestApp, type TestApp } from './helper.js';

/** A browser round trip can take seconds on a loaded 2-core machine (the default poll gives up after 1 s). */
const POLL = { timeout: 10_000 };

const CHROMIUM = '/usr/bin/chromium';
const SHOTS = fileURLToPath(new URL('../../desk/test/screenshots/', import.meta.url));
const PASSWORD = 'correct horse battery';

describe.skipIf(!existsSync(CHROMIUM))('the editorial desk in a browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let editors: EditorStore;
  let articles: Article[];
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await buildTestApp();
    editors = new EditorStore(t.redis, t.prefix);
    articles = ['Rates held at 4%', 'Storm closes the port', 'New museum opens', 'Chipmaker doubles profit'].map(
      (headline, i) =>
        article({
          headline,
          publishedAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
        }),
    );
    await t.index.upsert(articles);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A new browser context (its own cookies) signed in through a fresh one-time link. */
  async function editorPage(email: string, name: string, role: 'editor' | 'admin' = 'editor'): Promise<Page> {
    const { token } = await editors.add(email, name, role);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}/desk/?token=${token}`);
    // The one field to fill has the focus from the start.
    await expect.poll(() => page.locator('input[autocomplete="new-password"]:focus').count(), POLL).toBe(1);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    return page;
  }

  /** A second browser (its own cookies) where an editor signs in with their password, at `path`. */
  async function anotherWindow(email: string, path = '/desk/'): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}${path}`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    return page;
  }

  /** Adds the first three articles to the draft shown, in order, and waits until it holds them. */
  async function addThree(page: Page): Promise<void> {
    const results = page.getByRole('list', { name: 'Results', exact: true });
    for (const headline of ['Rates held at 4%', 'Storm closes the port', 'New museum opens']) {
      await results.locator('li', { hasText: headline }).getByRole('button', { name: 'Add', exact: true }).click();
    }
    await expect.poll(() => selection(page), POLL).toHaveLength(3);
  }

  /** What axe-core (the accessibility rules browsers' dev tools use) finds on the page now. */
  const violations = async (page: Page) => {
    await page.addScriptTag({ content: axe.source });
    return page.evaluate<{ id: string; impact: string; targets: string[] }[]>(
      `axe.run(document, { resultTypes: ['violations'] }).then((found) =>
        found.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
    );
  };
  /** The text of the element that has the keyboard's focus (none: the page has it). */
  const focusedText = (page: Page) => page.locator(':focus').allTextContents();
  const selection = (page: Page) =>
    page.getByRole('list', { name: 'Selection', exact: true }).locator('li .headline').allTextContents();
  const recommended = async (day: string) =>
    ((await t.get(`/api/v2/feed-recommended/?apiKey=${t.key}&date=${day}`)).json().articles as Article[]).map(
      (a) => a.headline,
    );

  it('signs in by link, searches, adds three, reorders by drag and by keyboard, publishes what the API then serves', async () => {
    const page = await editorPage('ann@example.com', 'Ann');
    // Today in UTC (the editorial time zone here), which a run crossing midnight sees change.
    const day = await page.getByLabel('Day', { exact: true }).inputValue();
    expect([today, new Date().toISOString().slice(0, 10)]).toContain(day);
    const results = page.getByRole('list', { name: 'Results', exact: true });
    await results.locator('li').first().waitFor();
    await page.screenshot({ path: `${SHOTS}desk.png`, fullPage: true });

    await page.getByLabel('Search articles', { exact: true }).fill('storm');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => results.locator('li').count(), POLL).toBe(1);
    await page.getByLabel('Search articles', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => results.locator('li').count(), POLL).toBe(4);
    for (const headline of ['Rates held at 4%', 'Storm closes the port', 'New museum opens']) {
      await results.locator('li', { hasText: headline }).getByRole('button', { name: 'Add', exact: true }).click();
    }
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);
    // An article already in the selection cannot be added twice, and its button says why.
    const added = results.locator('li', { hasText: 'Storm closes the port' }).getByRole('button', { name: 'Add' });
    await expect.poll(() => added.isDisabled(), POLL).toBe(true);
    expect(await added.getAttribute('title')).toBe('Already in the selection');

    // Drag the third onto the first, then move the (new) second down with the keyboard.
    const items = page.getByRole('list', { name: 'Selection', exact: true }).locator('li');
    await items.nth(2).dragTo(items.nth(0));
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['New museum opens', 'Rates held at 4%', 'Storm closes the port']);
    await items.nth(1).getByRole('button', { name: 'Move down', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['New museum opens', 'Storm closes the port', 'Rates held at 4%']);
    for (const name of ['Move up', 'Move down', 'Remove']) {
      await expect(items.first().getByRole('button', { name, exact: true }).count()).resolves.toBe(1);
    }

    // A reload keeps the draft (it lives on the server); nothing reaches the API before Publish.
    await page.reload();
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['New museum opens', 'Storm closes the port', 'Rates held at 4%']);
    expect(await recommended(day)).toEqual([]);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published version 1' }).waitFor();
    expect(await recommended(day)).toEqual(['New museum opens', 'Storm closes the port', 'Rates held at 4%']);
    await page.screenshot({ path: `${SHOTS}published.png`, fullPage: true });
    await expect(page.getByRole('button', { name: 'Copy from previous day', exact: true }).count()).resolves.toBe(1);
    // Not an admin: no sources, and the sources API refuses.
    await expect(page.getByRole('table', { name: 'Sources' }).count()).resolves.toBe(0);
    const sources = await page.evaluate(async () => (await fetch('/desk/api/sources')).status);
    expect(sources).toBe(403);
    await page.context().close();
  }, 90_000);

  it('refuses the second of two editors publishing one day, keeps their draft, and lets them overwrite', async () => {
    const day = '2026-12-01';
    const ben = await editorPage('ben@example.com', 'Ben');
    const cleo = await editorPage('cleo@example.com', 'Cleo');
    // Ben's new day arrives late: an article he adds meanwhile must not land on today's selection or
    // carry it into the new day (it did: the add used the previous day's draft).
    await ben.route(`**/days/${day}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    for (const page of [ben, cleo]) await page.getByLabel('Day', { exact: true }).fill(day);
    const add = async (page: Page, headline: string) =>
      page
        .getByRole('list', { name: 'Results', exact: true })
        .locator('li', { hasText: headline })
        .getByRole('button', { name: 'Add', exact: true })
        .click();
    await add(ben, 'Chipmaker doubles profit');
    await expect.poll(() => selection(ben), POLL).toEqual(['Chipmaker doubles profit']);
    await add(cleo, 'New museum opens');
    await expect.poll(() => selection(cleo), POLL).toEqual(['New museum opens']);
    await ben.getByRole('button', { name: 'Publish', exact: true }).click();
    await ben.getByRole('status').filter({ hasText: 'Published' }).waitFor();

    await cleo.getByRole('button', { name: 'Publish', exact: true }).click();
    const refusal = cleo.getByRole('alert').filter({ hasText: 'ben@example.com published this day meanwhile' });
    await refusal.waitFor();
    await cleo.screenshot({ path: `${SHOTS}conflict.png`, fullPage: true });
    expect(await selection(cleo)).toEqual(['New museum opens']);
    const published = async () =>
      ((await t.get(`/api/v2/feed-recommended/?apiKey=${t.key}&date=${day}`)).json().articles as Article[]).map(
        (a) => a.headline,
      );
    expect(await published()).toEqual(['Chipmaker doubles profit']);
    await cleo.getByRole('button', { name: 'Overwrite', exact: true }).click();
    await cleo.getByRole('status').filter({ hasText: 'Published version 2' }).waitFor();
    expect(await published()).toEqual(['New museum opens']);
    expect((await t.selections.history(day)).map((h) => h.by)).toEqual(['cleo@example.com', 'ben@example.com']);
    await ben.context().close();
    await cleo.context().close();
  }, 90_000);

  it('publishes every article added, however fast Publish follows, and keeps a change the server missed', async () => {
    const day = '2026-12-03';
    const page = await editorPage('hal@example.com', 'Hal');
    await page.getByLabel('Day', { exact: true }).fill(day);
    const results = page.getByRole('list', { name: 'Results', exact: true });
    await results.locator('li').first().waitFor();
    // Draft saves answer slowly, the first slowest (a busy server, a slow link): each change must reach the
    // server in order, and Publish must wait for them (it published the draft without the last article,
    // and a late answer put a removed article back on screen).
    let slow = 900;
    await page.route(`**/days/${day}/draft`, async (route) => {
      const wait = slow;
      slow = Math.max(100, slow - 400);
      await new Promise((resolve) => setTimeout(resolve, wait));
      await route.continue();
    });
    const add = (headline: string) =>
      results.locator('li', { hasText: headline }).getByRole('button', { name: 'Add', exact: true }).click();
    await add('Rates held at 4%');
    await add('Storm closes the port');
    await add('New museum opens');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published version 1' }).waitFor();
    const published = async () =>
      ((await t.get(`/api/v2/feed-recommended/?apiKey=${t.key}&date=${day}`)).json().articles as Article[]).map(
        (a) => a.headline,
      );
    expect(await published()).toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);
    expect(await selection(page)).toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);

    // A save the server does not take (it is away) is said, kept on screen, and sent again before Publish.
    await page.unroute(`**/days/${day}/draft`);
    let refuse = true;
    await page.route(`**/days/${day}/draft`, (route) =>
      refuse
        ? route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            body: JSON.stringify({ status: 503, code: 'serviceUnavailable', detail: 'The store is unavailable.' }),
          })
        : route.continue(),
    );
    const items = page.getByRole('list', { name: 'Selection', exact: true }).locator('li');
    await items.nth(1).getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'not saved' }).waitFor();
    expect(await selection(page)).toEqual(['Rates held at 4%', 'New museum opens']);
    refuse = false;
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published version 2' }).waitFor();
    expect(await published()).toEqual(['Rates held at 4%', 'New museum opens']);

    // An empty selection published withdraws the day's (the desk said "Published version 0.").
    for (let left = 2; left > 0; left--) {
      await items.first().getByRole('button', { name: 'Remove', exact: true }).click();
      await expect.poll(() => items.count(), POLL).toBe(left - 1);
    }
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Withdrawn' }).waitFor();
    expect(await published()).toEqual([]);
    await expect
      .poll(() => page.locator('#draft-title + p').textContent(), POLL)
      .toMatch(/^Withdrawn: version 3 by hal@example\.com, .*; nothing is recommended for this day\. Drag/);
    // The history says the withdrawal in words (it said "0 article(s)", with a Use as draft that emptied the draft).
    await expect
      .poll(() => page.locator('ul.history > li').first().textContent(), POLL)
      .toMatch(/^Version 3 by hal@example\.com, .*: withdrawn, nothing recommended\.$/);
    await expect(page.getByRole('button', { name: 'Use as draft: version 3', exact: true }).count()).resolves.toBe(0);
    // With nothing left to withdraw, Publish says so (it added an empty version 4 to the history).
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), POLL)
      .toBe(`Nothing to publish: the draft is empty, and ${day} has no selection to withdraw.`);

    // Back to an earlier publication from the history: it becomes the draft, then is published again.
    await page.getByRole('button', { name: 'Use as draft: version 1', exact: true }).click();
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published version 4' }).waitFor();
    expect(await published()).toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);
    // A draft with changes that a version from the history replaced comes back with Undo.
    await items.first().getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => selection(page), POLL).toEqual(['Storm closes the port', 'New museum opens']);
    await page.getByRole('button', { name: 'Use as draft: version 2', exact: true }).click();
    await expect.poll(() => selection(page), POLL).toEqual(['Rates held at 4%', 'New museum opens']);
    await page.getByRole('status').getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => selection(page), POLL).toEqual(['Storm closes the port', 'New museum opens']);
    await page.context().close();
  }, 90_000);

  it('asks to sign in again when the session ends, and then saves the change made meanwhile', async () => {
    const day = '2026-12-04';
    const page = await editorPage('ida@example.com', 'Ida');
    await page.getByLabel('Day', { exact: true }).fill(day);
    const results = page.getByRole('list', { name: 'Results', exact: true });
    const add = (headline: string) =>
      results.locator('li', { hasText: headline }).getByRole('button', { name: 'Add', exact: true }).click();
    await add('Rates held at 4%');
    await expect.poll(() => selection(page), POLL).toEqual(['Rates held at 4%']);
    // The session ends (its cookie gone, as after 12 h): the next change is refused with 401.
    await expect
      .poll(async () => (await t.selections.draft(day, 'ida@example.com'))?.ids, POLL)
      .toEqual([expect.any(String)]);
    await page.context().clearCookies();
    await add('New museum opens');
    await page.getByRole('alert').filter({ hasText: 'Your session has ended' }).waitFor();
    expect(await violations(page)).toEqual([]);
    // The email is known: the focus is in the password field, ready to type.
    await expect.poll(() => page.locator('input[autocomplete="current-password"]:focus').count(), POLL).toBe(1);
    await page.getByLabel('Email', { exact: true }).fill('ida@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => selection(page), POLL).toEqual(['Rates held at 4%', 'New museum opens']);
    await expect.poll(async () => (await t.selections.draft(day, 'ida@example.com'))?.ids.length, POLL).toBe(2);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published version 1' }).waitFor();
    await page.context().close();
  }, 90_000);

  it('locks an account after five wrong passwords, signs out, and throws a removed editor out', async () => {
    const page = await editorPage('dan@example.com', 'Dan');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}sign-in.png` });
    // An editor without a password (or who forgot it) is told how to get a new link.
    expect(await page.locator('main').textContent()).toContain('An operator gives you a new sign-in link');
    // Signed in again with the password, then removed by an operator: the next request is refused.
    await page.getByLabel('Email', { exact: true }).fill('dan@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    await editors.remove('dan@example.com');
    await page.reload();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    await editorPage('eve@example.com', 'Eve').then((p) => p.context().close());
    // The answer to a try does not move Sign in (it came above the button, under a pointer about to try again).
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    const before = (await signIn.boundingBox())!;
    for (let i = 1; i <= 5; i++) {
      await page.getByLabel('Email', { exact: true }).fill('eve@example.com');
      await page.getByLabel('Password', { exact: true }).fill(`wrong password ${i}`);
      await signIn.click();
      await page
        .getByRole('alert')
        .filter({ hasText: i < 5 ? 'wrong email or password' : 'locked' })
        .waitFor();
      expect((await signIn.boundingBox())!.y).toBe(before.y);
    }
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'locked' }).waitFor();
    await page.context().close();
  }, 90_000);

  it('shows admins the sources table with Pause and Resume', async () => {
    const { toSettings } = await import('@tidings/store/sources');
    await t.sources.add(
      toSettings({ feedUrl: 'https://www.example.com/rss.xml', id: 'example-news', name: 'Example News' }),
    );
    const page = await editorPage('fay@example.com', 'Fay', 'admin');
    const table = page.getByRole('table', { name: 'Sources', exact: true });
    await table
      .getByRole('row', { name: /Example News/ })
      .getByRole('button', { name: 'Pause', exact: true })
      .click();
    await table
      .getByRole('row', { name: /Example News/ })
      .getByRole('button', { name: 'Resume', exact: true })
      .waitFor();
    expect((await t.sources.get('example-news'))?.state).toBe('paused');
    // The state shows in words, and a class that sets it apart (failing in red, paused in grey).
    const state = table
      .getByRole('row', { name: /Example News/ })
      .locator('td')
      .nth(1);
    await expect.poll(() => state.getAttribute('class'), POLL).toBe('state paused');
    // A source whose feed was read links to the site the feed names, and says the interval the worker
    // adapted its own to, beside the one set (the desk showed only the adapted one, the CLI only the set one).
    await t.sources.recordSuccess(
      'example-news',
      { etag: null, lastModified: null, movedTo: 'https://www.example.com/feed/rss.xml' },
      3_960_000,
      undefined,
      {
        domain: 'example.com',
        homepage: 'https://www.example.com/',
        language: 'en',
      },
    );
    await page.reload();
    await expect
      .poll(() => table.getByRole('link', { name: 'Example News', exact: true }).getAttribute('href'), POLL)
      .toBe('https://www.example.com/');
    const row = table.getByRole('row', { name: /Example News/ });
    expect(await row.locator('td').nth(5).textContent()).toBe('10mnow 66m');
    // The feed's own URL is under the name (a failing feed's error names its host only).
    expect(await row.locator('.feed-url').textContent()).toBe('https://www.example.com/rss.xml');
    // A feed that moved for good says where, and what to do.
    expect(await row.locator('td').nth(3).textContent()).toBe(
      'Moved for good to https://www.example.com/feed/rss.xml: tidings sources update example-news --follow-move follows it.',
    );
    // Each cell is as tall as its row (the grey "Last error" cell was laid out as a block, its borders off the row's).
    const cellHeights = await page.evaluate<number[][]>(
      `[...document.querySelectorAll('table[aria-label="Sources"] tbody tr')].map((row) =>
        [...new Set([...row.cells].map((cell) => Math.round(cell.getBoundingClientRect().height)))])`,
    );
    expect(cellHeights.every((heights) => heights.length === 1)).toBe(true);
    await page.screenshot({ path: `${SHOTS}sources.png`, fullPage: true });
    // Among many sources, the rows with the words typed (name or id), and those of one state.
    await t.sources.add(toSettings({ feedUrl: 'https://other.example/feed', id: 'other-wire', name: 'Other Wire' }));
    await page.reload();
    await table.getByRole('row', { name: /Other Wire/ }).waitFor();
    const names = () => table.locator('tbody tr td:first-child a, tbody tr td:first-child').allTextContents();
    const rows = () => table.locator('tbody tr').count();
    await page.getByLabel('Filter sources', { exact: true }).fill('wire');
    await expect.poll(rows, POLL).toBe(1);
    expect((await names())[0]).toContain('Other Wire');
    await page.getByLabel('Filter sources', { exact: true }).fill('EXAMPLE-NEWS');
    await expect.poll(rows, POLL).toBe(1);
    expect((await names())[0]).toContain('Example News');
    await page.getByLabel('Filter sources', { exact: true }).fill('');
    await page.getByLabel('State', { exact: true }).selectOption('active');
    await expect.poll(rows, POLL).toBe(1);
    expect((await names())[0]).toContain('Other Wire');
    await page.getByText('1 of 2 source(s)').waitFor();
    await page.getByLabel('State', { exact: true }).selectOption('');
    await expect.poll(rows, POLL).toBe(2);
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('refuses a state-changing request without the session CSRF token (a cross-site POST)', async () => {
    const { token } = await editors.add('gus@example.com', 'Gus', 'editor');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/desk/api/password',
      headers: { 'content-type': 'application/json' },
      payload: { token, password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    expect(String(signedIn.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(signedIn.headers['set-cookie'])).toMatch(/SameSite=Strict/i);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/desk/api/days/${today}/publish`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example.org' },
      payload: 'overwrite=true',
    });
    // A form post from another site is refused (forms cannot send JSON), and so is JSON without the token.
    expect([400, 403, 415]).toContain(forged.statusCode);
    expect(forged.headers['content-type']).toMatch(/^application\/problem\+json/);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/desk/api/days/${today}/publish`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: { overwrite: true },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().detail).toMatch(/CSRF/);
    expect((await t.selections.history(today)).some((h) => h.by === 'gus@example.com')).toBe(false);
    // A link used once is spent; a wrong day format is a clear 400.
    const again = await t.app.inject({
      method: 'POST',
      url: '/desk/api/password',
      headers: { 'content-type': 'application/json' },
      payload: { token, password: PASSWORD },
    });
    expect(again.json().detail).toMatch(/expired or was already used/);
    const badDay = await t.app.inject({ method: 'GET', url: '/desk/api/days/22-11-2026', headers: { cookie } });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().detail).toMatch(/YYYY-MM-DD/);
    // An unknown article is named, and the draft is left as it was.
    const csrf = signedIn.json().csrf as string;
    const draft = (ids: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/desk/api/days/2026-12-24/draft',
        headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf },
        payload: { ids, baseVersion: 0 },
      });
    expect((await draft([articles[0]!.id])).statusCode).toBe(200);
    const unknown = await draft([articles[1]!.id, 'f'.repeat(32)]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(`Unknown article(s): ${'f'.repeat(32)}; nothing was saved.`);
    expect((await t.selections.draft('2026-12-24', 'gus@example.com'))?.ids).toEqual([articles[0]!.id]);
    // An article of the draft that then left the index (its source purged) does not block the next change:
    // it was refused as unknown, so that no change of the draft could be saved until it was found and removed.
    const gone = article({ headline: 'Soon purged' });
    await t.index.upsert([gone]);
    expect((await draft([articles[0]!.id, gone.id])).statusCode).toBe(200);
    await t.index.remove([gone.id]);
    const moved = await draft([gone.id, articles[0]!.id]);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().draft.ids).toEqual([gone.id, articles[0]!.id]);
    expect(Object.keys(moved.json().articles)).toEqual([articles[0]!.id]);
    expect((await draft([articles[0]!.id, 'e'.repeat(32)])).statusCode).toBe(400);
  });

  it('names the account a one-time link signs in, and says as its page opens that a used link is spent', async () => {
    const { token } = await editors.add('zoe@example.com', 'Zoe', 'editor');
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}/desk/?token=${token}`);
    // Under the form, where it moves nothing the editor is about to click.
    await expect.poll(() => page.locator('form + p').textContent(), POLL).toBe('This link signs in zoe@example.com.');
    // Under that email the browser's password manager saves the new password (it had no username to go by).
    expect(await page.locator('input[autocomplete="username"]').inputValue()).toBe('zoe@example.com');
    // Asking whom the link is for does not use it up.
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    // Followed again, the link says at once that it is spent (it asked for a password first, then refused).
    const again = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await again.goto(`${base}/desk/?token=${token}`);
    await expect
      .poll(() => again.getByRole('alert').textContent(), POLL)
      .toBe('This sign-in link has expired or was already used; ask an operator for a new one.');
    // Tried anyway, it says the same, once.
    await again.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await again.getByRole('button', { name: 'Set password', exact: true }).click();
    await expect
      .poll(() => again.getByRole('alert').allTextContents(), POLL)
      .toEqual(['This sign-in link has expired or was already used; ask an operator for a new one.']);
    await again.getByRole('link', { name: 'Go to the sign-in page', exact: true }).click();
    await again.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await violations(again)).toEqual([]);
    await page.context().close();
    await again.context().close();
  }, 90_000);

  it('finds topics, companies and sources by name for the search filters', async () => {
    await t.index.upsert([
      article({ headline: 'Cup final goes to penalties', topics: [{ id: 15000000, name: 'sport' }] }),
      article({
        headline: 'Phone maker sells more than ever',
        companies: [{ id: 320193, name: 'Apple Inc.' }],
        publishedAt: '2026-10-01T08:00:00Z',
      }),
    ]);
    const page = await editorPage('kim@example.com', 'Kim');
    const results = page.getByRole('list', { name: 'Results', exact: true });
    await results.locator('li').first().waitFor();
    await page.getByText('Filters', { exact: true }).click();
    // A whole name typed picks it; so does one of the names suggested as one types (a ticker finds its company).
    await page.getByLabel('Find a topic', { exact: true }).fill('sport');
    await expect.poll(() => page.getByLabel('Topic ids', { exact: true }).inputValue(), POLL).toBe('15000000');
    await expect(page.getByLabel('Find a topic', { exact: true }).inputValue()).resolves.toBe('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => results.locator('li a').allTextContents(), POLL).toEqual(['Cup final goes to penalties']);

    await page.getByLabel('Topic ids', { exact: true }).fill('');
    await page.getByLabel('Find a company', { exact: true }).pressSequentially('AAPL');
    const suggested = page.locator('#find-companies option[value="Apple Inc."]');
    await expect.poll(() => suggested.count(), POLL).toBe(1);
    await page.getByLabel('Find a company', { exact: true }).fill('Apple Inc.');
    await expect.poll(() => page.getByLabel('Company ids', { exact: true }).inputValue(), POLL).toBe('320193');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(() => results.locator('li a').allTextContents(), POLL)
      .toEqual(['Phone maker sells more than ever']);

    // A source by its name or id (the one the admins' test added), and a clear 400 for an unknown kind.
    const sources = await page.evaluate(
      async () =>
        ((await (await fetch('/desk/api/lookup?kind=sources&q=example')).json()) as { matches: unknown }).matches,
    );
    expect(sources).toEqual([{ id: 'example-news', name: 'Example News' }]);
    expect(await page.evaluate(async () => (await fetch('/desk/api/lookup?kind=people&q=x')).status)).toBe(400);
    await page.context().close();
  }, 90_000);

  // Last: its articles are the newest, ahead of the others' in every search.
  it('has nothing axe-core finds wrong for screen readers and keyboards: sign-in, one-time link, desk, sources', async () => {
    // (Also run on a phone's width, after a refused save and on the sign-in asked for when a session ended.)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const anonymous = await context.newPage();
    await anonymous.goto(`${base}/desk/`);
    await anonymous.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await violations(anonymous)).toEqual([]);
    const { token } = await editors.add('nia@example.com', 'Nia', 'admin');
    await anonymous.goto(`${base}/desk/?token=${token}`);
    await anonymous.getByRole('button', { name: 'Set password', exact: true }).waitFor();
    expect(await violations(anonymous)).toEqual([]);
    await context.close();
    // The desk of an admin (the sources table too), with a draft, its filters open and a published version
    // (the history's buttons: their names had not held the words they show).
    const page = await editorPage('oli@example.com', 'Oli', 'admin');
    await page.getByLabel('Day', { exact: true }).fill('2026-12-07');
    const results = page.getByRole('list', { name: 'Results', exact: true });
    await results.getByRole('button', { name: 'Add', exact: true }).first().click();
    await expect.poll(() => selection(page), POLL).toHaveLength(1);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published version 1' }).waitFor();
    await page.getByText('Filters', { exact: true }).click();
    await page.getByRole('table', { name: 'Sources', exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    // Under the pointer too: the plain buttons' hover made Publish white on near-white.
    await page.getByRole('button', { name: 'Publish', exact: true }).hover();
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('keeps the keyboard going: from one Add to the next, on the item it moves, on the next after a removal', async () => {
    const page = await editorPage('max@example.com', 'Max');
    await page.getByLabel('Day', { exact: true }).fill('2026-12-06');
    const results = page.getByRole('list', { name: 'Results', exact: true });
    const headlines = ['Rates held at 4%', 'Storm closes the port', 'New museum opens'];
    const items = page.getByRole('list', { name: 'Selection', exact: true }).locator('li');
    /** The focused element's name, and the headline of the item it is in. */
    const focused = async () => {
      const [name = 'nothing'] = await focusedText(page);
      const [headline] = await page
        .locator(':focus')
        .locator('xpath=ancestor::li[1]')
        .locator('.headline, a')
        .allTextContents();
      return `${name.trim()} of ${headline}`;
    };
    // Enter on Add puts the article in the selection and goes on to the next result's Add (the button, now
    // disabled, dropped the focus to the page).
    const add = (headline: string) =>
      results.locator('li', { hasText: headline }).getByRole('button', { name: 'Add', exact: true });
    await expect.poll(() => add(headlines[0]!).isEnabled(), POLL).toBe(true); // once the day is loaded
    await add(headlines[0]!).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => selection(page), POLL).toEqual([headlines[0]]);
    await expect.poll(focused, POLL).toBe(`Add of ${headlines[1]}`);
    await page.keyboard.press('Enter');
    await expect.poll(focused, POLL).toBe(`Add of ${headlines[2]}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => selection(page), POLL).toEqual(headlines);
    await expect.poll(focused, POLL).toBe('Add of Chipmaker doubles profit');
    // Enter on Move down twice takes the first item to the bottom: the focus stays with it (it fell to the
    // page after the first move), and at the bottom goes to its Move up, not to Remove.
    await items.nth(0).getByRole('button', { name: 'Move down', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => selection(page), POLL).toEqual([headlines[1], headlines[0], headlines[2]]);
    await expect.poll(focused, POLL).toBe('Move down of Rates held at 4%');
    await page.keyboard.press('Enter');
    await expect.poll(() => selection(page), POLL).toEqual([headlines[1], headlines[2], headlines[0]]);
    await expect.poll(focused, POLL).toBe('Move up of Rates held at 4%');
    // Alt+↑ from there moves it back up, still focused.
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => selection(page), POLL).toEqual([headlines[1], headlines[0], headlines[2]]);
    await expect.poll(focused, POLL).toBe('Move up of Rates held at 4%');
    // Removing it gives the focus to the Remove of the item now in its place.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(focused, POLL).toBe('Remove of Rates held at 4%');
    await page.keyboard.press('Enter');
    await expect.poll(() => selection(page), POLL).toEqual([headlines[1], headlines[2]]);
    await expect.poll(focused, POLL).toBe('Remove of New museum opens');
    // Publish keeps it too (the message that appeared above had Preact make the buttons anew).
    await page.getByRole('button', { name: 'Publish', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Published version 1' }).waitFor();
    await expect.poll(() => focusedText(page), POLL).toEqual(['Publish']);
    await page.context().close();
  }, 90_000);

  it('refuses to save a draft over one saved meanwhile in another window, and lets the editor choose', async () => {
    const day = '2026-12-08';
    const first = await editorPage('pia@example.com', 'Pia');
    const second = await anotherWindow('pia@example.com');
    for (const page of [first, second]) {
      await page.getByLabel('Day', { exact: true }).fill(day);
      await page
        .getByRole('list', { name: 'Results', exact: true })
        .getByRole('button', { name: 'Add' })
        .first()
        .waitFor();
    }
    const add = async (page: Page, headline: string) => {
      const results = page.getByRole('list', { name: 'Results', exact: true });
      await results.locator('li', { hasText: headline }).getByRole('button', { name: 'Add', exact: true }).click();
    };
    await add(first, 'Rates held at 4%');
    await expect.poll(() => selection(first), POLL).toEqual(['Rates held at 4%']);
    await expect.poll(() => first.getByText('Saving…').count(), POLL).toBe(0);
    // The second window still shows the draft as it was: its change would have replaced the first's unseen.
    await add(second, 'Storm closes the port');
    const alert = second.getByRole('alert').filter({ hasText: 'changed meanwhile in another window' });
    await alert.waitFor();
    expect(await selection(second)).toEqual(['Storm closes the port']);
    expect(await violations(second)).toEqual([]);
    await second.getByRole('button', { name: 'Load the other version', exact: true }).click();
    await expect.poll(() => selection(second), POLL).toEqual(['Rates held at 4%']);
    await add(second, 'Storm closes the port');
    await expect.poll(() => selection(second), POLL).toEqual(['Rates held at 4%', 'Storm closes the port']);
    await expect.poll(() => second.getByText('Saving…').count(), POLL).toBe(0);
    expect(await second.getByRole('alert').count()).toBe(0);
    // Now the first window is behind: Publish there saves nothing over the second's draft and publishes
    // nothing until its editor keeps their version.
    await add(first, 'New museum opens');
    await first.getByRole('alert').filter({ hasText: 'changed meanwhile in another window' }).waitFor();
    await first.getByRole('button', { name: 'Publish', exact: true }).click();
    const published = async () =>
      ((await t.get(`/api/v2/feed-recommended/?apiKey=${t.key}&date=${day}`)).json().articles as Article[]).map(
        (a) => a.headline,
      );
    expect(await published()).toEqual([]);
    await first.getByRole('button', { name: 'Keep this version', exact: true }).click();
    await expect.poll(() => first.getByRole('alert').count(), POLL).toBe(0);
    await first.getByRole('button', { name: 'Publish', exact: true }).click();
    await first.getByRole('status').filter({ hasText: 'Published version 1' }).waitFor();
    expect(await published()).toEqual(['Rates held at 4%', 'New museum opens']);
    await first.context().close();
    await second.context().close();
  }, 90_000);

  it("keeps a selected article's headline readable on a phone's width, its buttons under it", async () => {
    // An admin: the sources table, wider than a phone, scrolls in its own box (the whole page scrolled sideways).
    const page = await editorPage('lin@example.com', 'Lin', 'admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Day', { exact: true }).fill('2026-12-05');
    const results = page.getByRole('list', { name: 'Results', exact: true });
    await results
      .locator('li', { hasText: 'Chipmaker doubles profit' })
      .getByRole('button', { name: 'Add', exact: true })
      .click();
    const item = page.getByRole('list', { name: 'Selection', exact: true }).locator('li').first();
    await expect.poll(() => selection(page), POLL).toEqual(['Chipmaker doubles profit']);
    // The headline had shrunk beside the three buttons to a letter a line (a box 10 px wide, 500 px tall).
    const headline = (await item.locator('.headline').boundingBox())!;
    expect(headline.width).toBeGreaterThan(150);
    expect(headline.height).toBeLessThan(60);
    const remove = (await item.getByRole('button', { name: 'Remove', exact: true }).boundingBox())!;
    expect(remove.y).toBeGreaterThan(headline.y + headline.height - 1);
    await page.getByRole('table', { name: 'Sources', exact: true }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}phone.png`, fullPage: true });
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('says what Publish would change: nothing yet, articles added or removed, a new order, a newer version', async () => {
    const day = '2026-12-10';
    const page = await editorPage('quinn@example.com', 'Quinn');
    // Today as the desk reads it (the test's own may be yesterday's, run across midnight).
    const shownToday = await page.getByLabel('Day', { exact: true }).inputValue();
    await page.getByLabel('Day', { exact: true }).fill(day);
    const results = page.getByRole('list', { name: 'Results', exact: true });
    const add = (headline: string) =>
      results.locator('li', { hasText: headline }).getByRole('button', { name: 'Add', exact: true }).click();
    const changes = () => page.locator('p.changes strong').textContent();
    const items = page.getByRole('list', { name: 'Selection', exact: true }).locator('li');
    await addThree(page);
    await expect.poll(changes, POLL).toBe('Not published yet.');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published version 1' }).waitFor();
    await expect.poll(changes, POLL).toBe('No changes since it was published.');
    await items.first().getByRole('button', { name: 'Move down', exact: true }).click();
    await expect.poll(changes, POLL).toBe('Unpublished changes: order changed.');
    await items.last().getByRole('button', { name: 'Remove', exact: true }).click();
    await add('Chipmaker doubles profit');
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['Storm closes the port', 'Rates held at 4%', 'Chipmaker doubles profit']);
    await expect.poll(changes, POLL).toBe('Unpublished changes: 1 added, 1 removed, order changed.');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published version 2' }).waitFor();
    // The history shows what each version published, in its order (it said only how many).
    const history = page.locator('ul.history > li');
    await history.nth(1).getByText('Articles of version 1').click();
    await expect
      .poll(() => history.nth(1).locator('.published-list li').allTextContents(), POLL)
      .toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);
    await history.nth(0).getByText('Articles of version 2').click();
    expect(await history.nth(0).locator('.published-list li').allTextContents()).toEqual([
      'Storm closes the port',
      'Rates held at 4%',
      'Chipmaker doubles profit',
    ]);
    expect(await violations(page)).toEqual([]);
    await items.last().getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(changes, POLL).toBe('Unpublished changes: 1 removed.');
    // Another editor publishes meanwhile: the draft says so before its Publish is refused.
    await t.selections.publish(day, [articles[3]!.id], 'rae@example.com');
    // A reload stays on the day shown (it went back to today).
    await page.reload();
    await expect.poll(() => page.getByLabel('Day', { exact: true }).inputValue(), POLL).toBe(day);
    expect(new URL(page.url()).search).toBe(`?day=${day}`);
    await expect
      .poll(changes, POLL)
      .toBe('Unpublished changes: 2 added, 1 removed. rae@example.com published version 3 after this draft began.');
    // The same articles as the newer version, but Publish would still be refused (the draft began before it).
    for (let left = 2; left > 0; left--) {
      await items.first().getByRole('button', { name: 'Remove', exact: true }).click();
      await expect.poll(() => selection(page), POLL).toHaveLength(left - 1);
    }
    await add('Chipmaker doubles profit');
    await expect
      .poll(changes, POLL)
      .toBe('Same articles as version 3, which rae@example.com published after this draft began.');
    // Today's address names no day, and a day that is no date is today.
    await page.getByLabel('Day', { exact: true }).fill(shownToday);
    await expect.poll(() => new URL(page.url()).search, POLL).toBe('');
    await page.goto(`${base}/desk/?day=2026-02-30`);
    await expect.poll(() => page.getByLabel('Day', { exact: true }).inputValue(), POLL).toBe(shownToday);
    // Emptied and left, the field says the day shown again (it stayed blank over that day's draft).
    await expect.poll(() => page.locator('#draft-title').textContent(), POLL).toBe(`Draft of ${shownToday}`);
    await page.getByRole('list', { name: 'Results', exact: true }).locator('li').first().waitFor();
    await page.getByLabel('Day', { exact: true }).fill('');
    expect(await page.getByLabel('Day', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Search articles', { exact: true }).focus();
    await expect.poll(() => page.getByLabel('Day', { exact: true }).inputValue(), POLL).toBe(shownToday);
    await page.context().close();
  }, 90_000);

  it('takes back a Remove or a Copy from previous day with Undo, and drops a notice of another day', async () => {
    const page = await editorPage('uma@example.com', 'Uma');
    await page.getByLabel('Day', { exact: true }).fill('2026-12-11');
    const results = page.getByRole('list', { name: 'Results', exact: true });
    await addThree(page);
    const items = page.getByRole('list', { name: 'Selection', exact: true }).locator('li');
    await items.nth(1).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => selection(page), POLL).toEqual(['Rates held at 4%', 'New museum opens']);
    const status = page.getByRole('status');
    await expect.poll(() => status.textContent(), POLL).toBe('Removed “Storm closes the port”. Undo');
    await status.getByRole('button', { name: 'Undo', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);
    // The keyboard goes on from the article put back (Undo is gone), and the server has it.
    await expect.poll(() => focusedText(page), POLL).toEqual(['Remove']);
    await expect.poll(() => items.nth(1).locator(':focus').count(), POLL).toBe(1);
    await expect.poll(() => status.count(), POLL).toBe(0);
    await expect.poll(() => page.getByText('Saving…').count(), POLL).toBe(0);
    await page.reload();
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);
    // A notice is about the day it was given on.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await status.filter({ hasText: 'Published version 1.' }).waitFor();
    await page.getByLabel('Day', { exact: true }).fill('2026-12-12');
    await expect.poll(() => status.count(), POLL).toBe(0);
    // Copy from previous day replaces a draft that nothing else kept: Undo brings it back.
    await results
      .locator('li', { hasText: 'Chipmaker doubles profit' })
      .getByRole('button', { name: 'Add', exact: true })
      .click();
    await expect.poll(() => selection(page), POLL).toEqual(['Chipmaker doubles profit']);
    await page.getByRole('button', { name: 'Copy from previous day', exact: true }).click();
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);
    await expect.poll(() => status.textContent(), POLL).toBe('Copied the selection of 2026-12-11. Undo');
    await status.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => selection(page), POLL).toEqual(['Chipmaker doubles profit']);
    await expect.poll(() => focusedText(page), POLL).toEqual(['Publish']);
    await expect.poll(() => page.getByText('Saving…').count(), POLL).toBe(0);
    await page.reload();
    await expect.poll(() => selection(page), POLL).toEqual(['Chipmaker doubles profit']);
    await page.context().close();
  }, 90_000);

  it('shows the day as the server has it when the editor comes back to the window', async () => {
    const day = '2026-12-13';
    const first = await editorPage('vic@example.com', 'Vic');
    const second = await anotherWindow('vic@example.com', `/desk/?day=${day}`);
    await first.getByLabel('Day', { exact: true }).fill(day);
    const add = async (page: Page, headline: string) =>
      page
        .getByRole('list', { name: 'Results', exact: true })
        .locator('li', { hasText: headline })
        .getByRole('button', { name: 'Add', exact: true })
        .click();
    const changes = (page: Page) => page.locator('p.changes strong').textContent();
    // Both windows show the day's draft (an Add is enabled once it is there) before either changes it.
    for (const page of [first, second]) {
      const anAdd = page.getByRole('list', { name: 'Results', exact: true }).getByRole('button', { name: 'Add' });
      await expect.poll(() => anAdd.first().isEnabled(), POLL).toBe(true);
    }
    await add(first, 'Rates held at 4%');
    await expect.poll(() => first.getByText('Saving…').count(), POLL).toBe(0);
    await add(second, 'Storm closes the port');
    await second.getByRole('alert').filter({ hasText: 'changed meanwhile in another window' }).waitFor();
    await second.getByRole('button', { name: 'Load the other version', exact: true }).click();
    await add(second, 'Storm closes the port');
    await expect.poll(() => selection(second), POLL).toEqual(['Rates held at 4%', 'Storm closes the port']);
    await expect.poll(() => second.getByText('Saving…').count(), POLL).toBe(0);
    // The first window, shown again (another tab was in front), reads the draft saved from the second, so
    // that its next change is made on it rather than refused.
    const shownAgain = (page: Page) => page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
    await shownAgain(first);
    await expect.poll(() => selection(first), POLL).toEqual(['Rates held at 4%', 'Storm closes the port']);
    await add(first, 'New museum opens');
    await expect
      .poll(() => selection(first), POLL)
      .toEqual(['Rates held at 4%', 'Storm closes the port', 'New museum opens']);
    await expect.poll(() => first.getByText('Saving…').count(), POLL).toBe(0);
    expect(await first.getByRole('alert').count()).toBe(0);
    // Someone else publishes the day: the window says so when shown again, before its Publish is refused.
    await t.selections.publish(day, [articles[3]!.id], 'wes@example.com');
    await shownAgain(first);
    await expect
      .poll(() => changes(first), POLL)
      .toBe('Unpublished changes: 3 added, 1 removed. wes@example.com published version 1 after this draft began.');
    await first.context().close();
    await second.context().close();
  }, 90_000);

  it('marks the dragged article and where it would land while dragging', async () => {
    const page = await editorPage('wyn@example.com', 'Wyn');
    await page.getByLabel('Day', { exact: true }).fill('2026-12-14');
    // An empty draft says how to begin.
    await page.getByText('No articles in this draft yet').waitFor();
    await addThree(page);
    expect(await page.getByText('No articles in this draft yet').count()).toBe(0);
    const items = page.getByRole('list', { name: 'Selection', exact: true }).locator('li');
    const classes = () => Promise.all([0, 1, 2].map(async (at) => (await items.nth(at).getAttribute('class')) ?? ''));
    const centre = async (at: number) => {
      const box = (await items.nth(at).locator('.headline').boundingBox())!;
      return [box.x + box.width / 2, box.y + box.height / 2] as const;
    };
    await page.mouse.move(...(await centre(2)));
    await page.mouse.down();
    await page.mouse.move(...(await centre(1)), { steps: 5 });
    await page.mouse.move(...(await centre(0)), { steps: 5 });
    await expect.poll(classes, POLL).toEqual(['drop-before', '', 'dragging']);
    await page.mouse.up();
    await expect
      .poll(() => selection(page), POLL)
      .toEqual(['New museum opens', 'Rates held at 4%', 'Storm closes the port']);
    await expect.poll(classes, POLL).toEqual(['', '', '']);
    await page.context().close();
  }, 90_000);

  it("shows a result's source flags (no https, no framing) and leaves out what readers could not open", async () => {
    await t.index.upsert([
      article({
        headline: 'Lighthouse keepers on a site that forbids framing',
        source: { id: 'closed', name: 'Closed Site', domain: 'closed.example', https: false, iframeable: false },
      }),
      article({
        headline: 'Lighthouse keepers behind a paywall',
        paywalled: true,
        source: { id: 'open', name: 'Open Site', domain: 'open.example', https: true, iframeable: true },
      }),
    ]);
    const page = await editorPage('kit@example.com', 'Kit');
    await page.getByLabel('Search articles', { exact: true }).fill('lighthouse');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const result = page.getByRole('list', { name: 'Results', exact: true }).locator('li');
    const headlines = () => result.locator('a').allTextContents();
    await expect.poll(headlines, POLL).toHaveLength(2);
    const closed = result.filter({ hasText: 'forbids framing' });
    expect(await closed.locator('.meta').textContent()).toMatch(/^Closed Site · .* · no https · no framing$/);
    // The filters of /feed/ that leave articles out, each a box under "Leave out".
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Sources that forbid framing', { exact: true }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(headlines, POLL).toEqual(['Lighthouse keepers behind a paywall']);
    await page.getByLabel('Sources that forbid framing', { exact: true }).uncheck();
    await page.getByLabel('Paywalled', { exact: true }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(headlines, POLL).toEqual(['Lighthouse keepers on a site that forbids framing']);
    await page.getByLabel('Sources without https', { exact: true }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(headlines, POLL).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('lists a search 30 at a time with introductions, and More results until all are listed', async () => {
    await t.index.upsert(
      Array.from({ length: 35 }, (_, i) =>
        article({
          headline: `Harbour works, day ${i + 1}`,
          introduction: `Cranes and crews on the quay, day ${i + 1}.`,
          publishedAt: new Date(Date.now() - i * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
        }),
      ),
    );
    const page = await editorPage('jo@example.com', 'Jo');
    const results = page.getByRole('list', { name: 'Results', exact: true });
    await page.getByLabel('Search articles', { exact: true }).fill('harbour');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => results.locator('li').count(), POLL).toBe(30);
    await page.getByText('35 article(s)').waitFor();
    // Each result says what the article is about (its introduction), not only its headline.
    expect(await results.locator('li').first().textContent()).toContain('Cranes and crews on the quay, day 1.');
    // Pressed from the keyboard, More results hands the focus to the first result it brings (the button,
    // disabled while the page loads and gone after the last one, dropped it to the page).
    await page.getByRole('button', { name: 'More results', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => results.locator('li').count(), POLL).toBe(35);
    await expect.poll(() => focusedText(page), POLL).toEqual(['Harbour works, day 31']);
    const headlines = await results.locator('li a').allTextContents();
    expect(new Set(headlines).size).toBe(35);
    expect(headlines.at(-1)).toBe('Harbour works, day 35');
    await expect(page.getByRole('button', { name: 'More results', exact: true }).count()).resolves.toBe(0);
    await page.context().close();
  }, 90_000);
});
