import type { UsageReport } from '../service.js';

type Counter = { reads: number; writes: number; deletes: number };

/** Document reads, writes and deletes per collection id since the last reset. */
export class UsageCounters {
  private since = new Date().toISOString();
  private collections = new Map<string, Counter>();

  add(collectionId: string, kind: keyof Counter, n = 1): void {
    if (n === 0) return;
    let c = this.collections.get(collectionId);
    if (!c) this.collections.set(collectionId, (c = { reads: 0, writes: 0, deletes: 0 }));
    c[kind] += n;
  }

  report(): UsageReport {
    const totals: Counter = { reads: 0, writes: 0, deletes: 0 };
    const collections: Record<string, Counter> = {};
    for (const [id, c] of [...this.collections].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      collections[id] = { ...c };
      totals.reads += c.reads;
      totals.writes += c.writes;
      totals.deletes += c.deletes;
    }
    return { since: this.since, collections, totals };
  }

  reset(): void {
    this.since = new Date().toISOString();
    this.collections.clear();
  }
}
