/**
 * Each source's readings of its last fetch (`FeedBatch.readings`), kept on the worker's main thread, so
 * that whichever parser thread reads the source's next fetch does not classify its known items again:
 * a feed fetched again because one item is new costs the reading of one item, not of fifty. Bounded:
 * beyond `maxChars` in all (~45 an item), the sources fetched longest ago are forgotten, and their next
 * fetch classifies every item, as a first fetch does.
 */
export class RememberedReadings {
  /** Readings by source id, the source fetched longest ago first. */
  private readonly bySource = new Map<string, string>();
  private chars = 0;

  /** 8 million characters: about 3 500 sources of 50 items, 8 MB. */
  constructor(private readonly maxChars = 8_000_000) {}

  /** The source's readings of its last fetch ('' when none are known). */
  get(sourceId: string): string {
    return this.bySource.get(sourceId) ?? '';
  }

  /** Keeps the readings of the source's fetch just indexed, in place of the last. */
  set(sourceId: string, readings: string | null): void {
    const old = this.bySource.get(sourceId);
    if (old !== undefined) {
      this.bySource.delete(sourceId);
      this.chars -= old.length;
    }
    if (!readings) return;
    this.bySource.set(sourceId, readings);
    this.chars += readings.length;
    for (const [id, kept] of this.bySource) {
      if (this.chars <= this.maxChars) break;
      this.bySource.delete(id);
      this.chars -= kept.length;
    }
  }

  /** Sources and characters kept (for tests and logs). */
  get size(): { sources: number; chars: number } {
    return { sources: this.bySource.size, chars: this.chars };
  }
}
