/** Feed dates: a date without a time zone is UTC on every server, whatever its TZ (CONTRACT §1.4); zone names. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childEnv } from '@tidings/config/config';

const module = new URL('../dist/feed/normalize.js', import.meta.url).href;
const DATES = [
  '2026-11-22T10:00:00',
  '2026-11-22 10:00',
  'Sun, 22 Nov 2026 10:00:00',
  '22 Nov 2026 10:00',
  '2026-11-22T10:00:00Z',
  '2026-11-22T18:00:00+08:00',
  'Sun, 22 Nov 2026 10:00:00 GMT',
  'Sun, 22 Nov 2026 11:00:00 +0100',
  // Formats Date.parse reads in the server's local time when no zone is given.
  'Sun, Nov 22 2026 10:00:00 AM',
  'November 22, 2026 10:00',
  // Zone names Date.parse does not know; an unknown one says nothing (UTC).
  'Sun, 22 Nov 2026 11:00:00 CET',
  'Sun, 22 Nov 2026 15:30:00 IST',
  'Sun, 22 Nov 2026 21:00:00 AEDT',
  'Sun, 22 Nov 2026 11:00:00 +0100 CET',
  'Sun, 22 Nov 2026 05:00:00 EST',
  'Sun, 22 Nov 2026 10:00:00 XYZ',
];

/** parseFeedDate of every date given, in a process whose local time zone is `tz`. */
function parsedIn(tz: string, dates: string[] = DATES): (number | null)[] {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(module)}); console.log(JSON.stringify(${JSON.stringify(dates)}.map(m.parseFeedDate)))`,
    ],
    { env: childEnv({ TZ: tz }), encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as (number | null)[];
}

describe('feed dates', () => {
  it('reads a date without a time zone as UTC and zone names the world uses, on a server in Shanghai as in Los Angeles', () => {
    const utc = Date.UTC(2026, 10, 22, 10, 0, 0);
    for (const tz of ['Asia/Shanghai', 'America/Los_Angeles', 'Europe/Berlin', 'UTC']) {
      expect(parsedIn(tz), tz).toEqual(DATES.map(() => utc));
    }
  });

  it('reads a day without a time as that day in UTC, in every format', () => {
    const days = ['2026-11-22', '22 Nov 2026', 'Sun, 22 Nov 2026', 'Nov 22, 2026', '22-Nov-2026'];
    for (const tz of ['Asia/Shanghai', 'America/Los_Angeles', 'Europe/Berlin']) {
      expect(parsedIn(tz, days), tz).toEqual(days.map(() => Date.UTC(2026, 10, 22)));
    }
  });
});
