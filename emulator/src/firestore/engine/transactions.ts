import { randomBytes } from 'node:crypto';
import { aborted, invalid, isObject } from './errors.js';
import { executeQuery, type CompiledQuery } from './query.js';
import type { Database } from './store.js';
import { timestampToMicros, type Clock } from './time.js';

/** An open transaction. Read-write ones remember what they read, to detect contention at commit. */
export interface Transaction {
  id: string;
  db: Database;
  readOnly: boolean;
  /** Snapshot time of a read-only transaction. */
  readTime: number | null;
  /** Document path → update time read (0: the document was missing). */
  reads: Map<string, number>;
  /** Queries read, with the update times of their results, to catch phantoms. */
  queries: { query: CompiledQuery; results: Map<string, number> }[];
  lastUsed: number;
}

/** Idle transactions expire like the real service's (which allows 270 s). */
const IDLE_MS = 270_000;
const MAX_OPEN = 10_000;

export class Transactions {
  private open = new Map<string, Transaction>();

  constructor(private readonly clock: Clock) {}

  /** Starts a transaction from TransactionOptions (proto3 JSON). */
  begin(db: Database, options: unknown): Transaction {
    let readOnly = false;
    let readTime: number | null = null;
    if (options !== undefined && options !== null) {
      if (!isObject(options)) throw invalid('Invalid transaction options: expected an object');
      const ro = options.readOnly;
      const rw = options.readWrite;
      if (ro !== undefined && ro !== null && rw !== undefined && rw !== null) {
        throw invalid('Invalid transaction options: set either readOnly or readWrite, not both');
      }
      if (ro !== undefined && ro !== null) {
        if (!isObject(ro)) throw invalid('Invalid transaction options: readOnly must be an object');
        readOnly = true;
        if (ro.readTime !== undefined && ro.readTime !== null) {
          readTime = timestampToMicros(
            ro.readTime,
            'Invalid transaction options: readOnly.readTime',
          );
          db.checkReadable(readTime);
        }
      } else if (rw !== undefined && rw !== null && !isObject(rw)) {
        throw invalid('Invalid transaction options: readWrite must be an object');
      }
    }
    if (readOnly && readTime === null) readTime = this.clock.readTime();
    this.expire();
    const t: Transaction = {
      id: randomBytes(16).toString('base64'),
      db,
      readOnly,
      readTime,
      reads: new Map(),
      queries: [],
      lastUsed: Date.now(),
    };
    this.open.set(t.id, t);
    return t;
  }

  /** The open transaction with this id in this database, or INVALID_ARGUMENT like the real service. */
  get(id: unknown, db: Database): Transaction {
    if (typeof id !== 'string' || id === '')
      throw invalid('Invalid transaction: expected a transaction id (bytes)');
    const t = this.open.get(normalizeId(id));
    if (!t || t.db !== db || Date.now() - t.lastUsed > IDLE_MS) {
      throw invalid('The referenced transaction has expired or is no longer valid.');
    }
    t.lastUsed = Date.now();
    return t;
  }

  end(t: Transaction): void {
    this.open.delete(t.id);
  }

  /** Throws ABORTED when anything the transaction read has changed since it read it. */
  validate(t: Transaction): void {
    for (const [path, version] of t.reads) {
      if ((t.db.get(path)?.updateTime ?? 0) !== version) throw contention();
    }
    for (const { query, results } of t.queries) {
      const now = executeQuery(t.db, query, null);
      if (now.length !== results.size || now.some((d) => results.get(d.path) !== d.updateTime))
        throw contention();
    }
  }

  clearDatabase(db: Database): void {
    for (const [id, t] of this.open) if (t.db === db) this.open.delete(id);
  }

  private expire(): void {
    if (this.open.size < MAX_OPEN) return;
    const now = Date.now();
    for (const [id, t] of this.open) if (now - t.lastUsed > IDLE_MS) this.open.delete(id);
  }
}

function contention() {
  return aborted(
    'Transaction aborted due to cross-transaction contention: data it read was changed by another commit. Retry the transaction.',
  );
}

/** Transaction ids travel as base64 bytes; some encoders use the URL-safe alphabet. */
function normalizeId(id: string): string {
  return Buffer.from(id, 'base64').toString('base64');
}
