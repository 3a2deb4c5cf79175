/**
 * Politeness per publisher host, inside one worker process: at most `perHost` fetches of a host at a
 * time, and after a 429/503 with Retry-After no fetch of that host before the time it asked for.
 */
export class HostGate {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly perHost = 2,
    private readonly now: () => number = Date.now,
  ) {}

  /** When the host asked us to come back (ms epoch), if that is still ahead. */
  backOffUntil(host: string): number | null {
    const until = this.blockedUntil.get(host);
    if (until === undefined || until <= this.now()) {
      this.blockedUntil.delete(host);
      return null;
    }
    return until;
  }

  backOff(host: string, ms: number): void {
    const until = this.now() + ms;
    if ((this.blockedUntil.get(host) ?? 0) < until) this.blockedUntil.set(host, until);
  }

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    if ((this.running.get(host) ?? 0) >= this.perHost) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(host) ?? [];
        queue.push(resolve);
        this.waiting.set(host, queue);
      });
    }
    this.running.set(host, (this.running.get(host) ?? 0) + 1);
    try {
      return await task();
    } finally {
      const next = this.waiting.get(host)?.shift();
      this.running.set(host, (this.running.get(host) ?? 1) - 1);
      if (next) next();
      else if (!this.running.get(host)) this.running.delete(host);
    }
  }
}
