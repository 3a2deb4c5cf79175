import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { unsupportedNode } from '../src/node-version.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/tidings' });
    expect(config).toMatchObject({
      REDIS_URL: 'redis://127.0.0.1:6379',
      INDEX: 'embedded',
      DATA_DIR: '/srv/tidings/data',
      PORT: 3000,
      EDITORIAL_TZ: 'UTC',
      RETENTION_DAYS: 400,
      FETCH_TIMEOUT_MS: 15000,
      FETCH_MAX_BYTES: 10 * 1024 * 1024,
      ALLOW_PRIVATE_NETWORKS: false,
    });
  });

  it('names every bad setting in one error', () => {
    const load = () => loadConfig({ PORT: 'eighty', EDITORIAL_TZ: 'Mars/Base', INDEX: 'solr' });
    expect(load).toThrow(/PORT="eighty"/);
    expect(load).toThrow(/INDEX="solr"/);
    expect(load).toThrow(/EDITORIAL_TZ="Mars\/Base": must be an IANA time zone/);
    expect(() => loadConfig({ INDEX: 'meilisearch' })).toThrow(/needs MEILI_URL/);
  });

  it('says what a number must be in words, and never shows a secret', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('loaded');
    };
    // (It said "Too small: expected number to be >0" and "Invalid input: expected number, received NaN".)
    expect(message({ RETENTION_DAYS: '0', FETCH_MAX_BYTES: '1x', PORT: '70000', WORKER_NICE: '2.5' })).toBe(
      'invalid configuration: PORT="70000": must be 65535 or less; RETENTION_DAYS="0": must be more than 0; ' +
        'FETCH_MAX_BYTES="1x": must be a whole number; WORKER_NICE="2.5": must be a whole number',
    );
    expect(message({ INDEX: 'solr' })).toBe(
      'invalid configuration: INDEX="solr": must be one of embedded, meilisearch',
    );
    // A secret too short is named with its length; a URL's password is masked.
    expect(message({ CURSOR_SECRET: 'hunter2', REDIS_URL: 'http://:hunter2@redis.internal:6379' })).toBe(
      'invalid configuration: REDIS_URL="http://:***@redis.internal:6379": must be a redis:// or rediss:// URL; ' +
        'CURSOR_SECRET=(hidden, 7 characters): must be at least 16 characters',
    );
  });

  it('reads flags', () => {
    expect(loadConfig({ ALLOW_PRIVATE_NETWORKS: '1' }).ALLOW_PRIVATE_NETWORKS).toBe(true);
    expect(() => loadConfig({ ALLOW_PRIVATE_NETWORKS: 'maybe' })).toThrow(/ALLOW_PRIVATE_NETWORKS/);
  });
});

describe('unsupportedNode', () => {
  it('refuses a Node older than 24 in words, and accepts 24 and later', () => {
    expect(unsupportedNode('20.20.2', '/usr/bin/node')).toMatch(
      /^Node 24 or later is needed, and this is Node 20\.20\.2 \(\/usr\/bin\/node\); run Tidings through npm/,
    );
    expect(unsupportedNode('24.21.0', '/x/node')).toBeNull();
    expect(unsupportedNode('25.0.0', '/x/node')).toBeNull();
  });
});
