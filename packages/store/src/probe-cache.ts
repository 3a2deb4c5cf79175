/** Results of host probes (`https`, `iframeable`) per source domain, shared by every worker. */
import type { Redis } from 'ioredis';

export interface HostProbe {
  domain: string;
  https: boolean | null;
  iframeable: boolean | null;
  httpsDetail: string;
  probedAt: string;
}

/** A host is probed again when its result is older than this. */
export const PROBE_MAX_AGE_MS = 24 * 3_600_000;

export class ProbeCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(domain: string): string {
    return `${this.prefix}probe:${domain}`;
  }

  async get(domain: string): Promise<HostProbe | null> {
    const raw = await this.redis.get(this.key(domain));
    return raw ? (JSON.parse(raw) as HostProbe) : null;
  }

  async getMany(domains: string[]): Promise<Map<string, HostProbe>> {
    if (!domains.length) return new Map();
    const raws = await this.redis.mget(domains.map((d) => this.key(d)));
    const out = new Map<string, HostProbe>();
    raws.forEach((raw, i) => {
      if (raw) out.set(domains[i]!, JSON.parse(raw) as HostProbe);
    });
    return out;
  }

  async set(probe: HostProbe): Promise<void> {
    await this.redis.set(this.key(probe.domain), JSON.stringify(probe));
  }

  /** Whether a domain needs a (new) probe. */
  static stale(probe: HostProbe | undefined | null, now = Date.now()): boolean {
    return !probe || now - Date.parse(probe.probedAt) > PROBE_MAX_AGE_MS;
  }
}
