import type { Document } from '../protocol/messages.js';
import { failedPrecondition } from './errors.js';
import { collectionPathOf, documentsRoot, lastSegment, type DatabaseRef } from './paths.js';
import { microsToTimestamp } from './time.js';
import type { Fields } from './values.js';

/** A stored document version; never mutated once stored (writes store a new object). */
export interface StoredDoc {
  /** Full resource name. */
  name: string;
  /** Path relative to `/documents`. */
  path: string;
  fields: Fields;
  createTime: number;
  updateTime: number;
  createTimeText: string;
  updateTimeText: string;
}

export function makeDoc(
  name: string,
  path: string,
  fields: Fields,
  createTime: number,
  updateTime: number,
): StoredDoc {
  const updateTimeText = microsToTimestamp(updateTime);
  return {
    name,
    path,
    fields,
    createTime,
    updateTime,
    // A new document shares one string for both times (memory counts at 100,000 documents).
    createTimeText: createTime === updateTime ? updateTimeText : microsToTimestamp(createTime),
    updateTimeText,
  };
}

/** The proto3 JSON Document, optionally with its fields narrowed by a mask. */
export function documentJson(doc: StoredDoc, fields: Fields = doc.fields): Document {
  return { name: doc.name, fields, createTime: doc.createTimeText, updateTime: doc.updateTimeText };
}

/** One applied change, kept for point-in-time reads and listen resumption. */
interface LogEntry {
  time: number;
  path: string;
  before: StoredDoc | null;
}

/** How long old versions are kept for readTime reads, read-only transactions and resume tokens. */
export const VERSION_RETENTION_MICROS = 5 * 60 * 1_000_000;

/** The documents of one (project, database). */
export class Database {
  readonly root: string;
  /** Collection path → document id → current version. */
  readonly collections = new Map<string, Map<string, StoredDoc>>();
  /** Collection id → collection paths with that id (for collection-group queries). */
  readonly collectionsById = new Map<string, Set<string>>();
  private log: LogEntry[] = [];
  private logStart = 0;
  /** Earliest time whose state can still be reconstructed (before the first write: empty). */
  horizon = 0;
  /** Time of the latest commit applied here. */
  lastCommit = 0;

  constructor(readonly ref: DatabaseRef) {
    this.root = documentsRoot(ref);
  }

  get(path: string): StoredDoc | null {
    return this.collections.get(collectionPathOf(path))?.get(lastSegment(path)) ?? null;
  }

  /** Stores a new version (or deletion) of a document and logs the previous one. */
  put(path: string, doc: StoredDoc | null, time: number): void {
    const collectionPath = collectionPathOf(path);
    const id = lastSegment(path);
    let coll = this.collections.get(collectionPath);
    const before = coll?.get(id) ?? null;
    if (doc) {
      if (!coll) {
        coll = new Map();
        this.collections.set(collectionPath, coll);
        const cid = lastSegment(collectionPath);
        let set = this.collectionsById.get(cid);
        if (!set) this.collectionsById.set(cid, (set = new Set()));
        set.add(collectionPath);
      }
      coll.set(id, doc);
    } else if (coll) {
      coll.delete(id);
    }
    this.log.push({ time, path, before });
    this.lastCommit = Math.max(this.lastCommit, time);
  }

  /** Drops versions older than the retention window. */
  prune(now: number): void {
    const limit = now - VERSION_RETENTION_MICROS;
    let i = this.logStart;
    while (i < this.log.length && this.log[i]!.time < limit) {
      this.horizon = this.log[i]!.time;
      i++;
    }
    this.logStart = i;
    if (this.logStart > 4096 && this.logStart * 2 > this.log.length) {
      this.log = this.log.slice(this.logStart);
      this.logStart = 0;
    }
  }

  /** Throws FAILED_PRECONDITION when the state at `time` is no longer known. */
  checkReadable(time: number): void {
    if (time < this.horizon) {
      throw failedPrecondition(
        `The requested read time is too old: versions older than ${VERSION_RETENTION_MICROS / 60_000_000} minutes are not kept`,
      );
    }
  }

  /** The versions at `time` of every document changed after it: path → version (null = absent). */
  versionsChangedAfter(time: number): Map<string, StoredDoc | null> {
    const out = new Map<string, StoredDoc | null>();
    let lo = this.logStart;
    let hi = this.log.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.log[mid]!.time <= time) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.log.length; i++) {
      const e = this.log[i]!;
      if (!out.has(e.path)) out.set(e.path, e.before);
    }
    return out;
  }

  /** A document as it was at `time` (null: did not exist). */
  getAt(path: string, time: number | null): StoredDoc | null {
    if (time === null) return this.get(path);
    this.checkReadable(time);
    const changed = this.versionsChangedAfter(time);
    return changed.has(path) ? changed.get(path)! : this.get(path);
  }

  /** Removes everything; earlier states are forgotten too. */
  clear(now: number): void {
    this.collections.clear();
    this.collectionsById.clear();
    this.log = [];
    this.logStart = 0;
    this.horizon = now;
  }

  *allDocs(): Iterable<StoredDoc> {
    for (const coll of this.collections.values()) yield* coll.values();
  }
}

/** All databases, created on first use. */
export class Store {
  readonly databases = new Map<string, Database>();

  database(ref: DatabaseRef): Database {
    const key = `${ref.projectId}/${ref.databaseId}`;
    let db = this.databases.get(key);
    if (!db) this.databases.set(key, (db = new Database(ref)));
    return db;
  }
}
