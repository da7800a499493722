import { randomBytes } from 'node:crypto';
import type * as v1 from '../protocol/messages.js';
import type { CallContext, StreamSession, StreamSink } from '../service.js';
import { FirestoreApiError, GrpcCode } from '../service.js';
import type { AccessControl } from './access.js';
import { invalid, isObject, optArray, optInt } from './errors.js';
import { projectFields } from './fields.js';
import {
  childPath,
  collectionPathOf,
  fullName,
  lastSegment,
  parseDatabaseName,
  parseDocumentName,
  parseParentName,
} from './paths.js';
import type { IndexEnforcement } from './index-enforcement.js';
import { compileQuery, executeQuery, inScope, matches, type CompiledQuery } from './query.js';
import { documentJson, type Database, type Store, type StoredDoc } from './store.js';
import { microsToTimestamp, timestampToMicros, type Clock } from './time.js';

/** What the listen machinery needs from the engine. */
export interface ListenHost {
  readonly store: Store;
  readonly clock: Clock;
  readonly access: AccessControl;
  readonly indexes: IndexEnforcement;
  countReads(docs: StoredDoc[]): void;
}

interface Change {
  path: string;
  before: StoredDoc | null;
  after: StoredDoc | null;
}

/** One target of a listen stream: a query, or a fixed set of documents. */
interface Target {
  session: ListenSession;
  id: number;
  query: CompiledQuery | null;
  /** Documents targets: the watched paths. */
  paths: string[] | null;
  /** Current result: path → version sent. */
  results: Map<string, StoredDoc>;
}

/** Targets of one database, indexed so a commit only evaluates targets it can affect. */
class DatabaseTargets {
  readonly byCollectionId = new Map<string, Set<Target>>();
  readonly byPath = new Map<string, Set<Target>>();

  add(t: Target): void {
    for (const [index, k] of this.keysOf(t)) {
      let set = index.get(k);
      if (!set) index.set(k, (set = new Set()));
      set.add(t);
    }
  }

  remove(t: Target): void {
    for (const [index, k] of this.keysOf(t)) {
      const set = index.get(k);
      set?.delete(t);
      if (set?.size === 0) index.delete(k);
    }
  }

  get empty(): boolean {
    return this.byCollectionId.size === 0 && this.byPath.size === 0;
  }

  private keysOf(t: Target): [Map<string, Set<Target>>, string][] {
    if (t.query) return [[this.byCollectionId, t.query.collectionId]];
    return (t.paths ?? []).map((p) => [this.byPath, p]);
  }
}

/**
 * Resume tokens carry the snapshot time they were issued at, and the engine instance's epoch: a
 * token from before a restart describes data this engine never had, so it cannot be diffed.
 */
class ResumeTokens {
  private readonly epoch = randomBytes(6).toString('hex');

  encode(time: number): string {
    return Buffer.from(`fst:${this.epoch}:${time}`).toString('base64');
  }

  decode(token: unknown): number | null {
    if (typeof token !== 'string') return null;
    const m = /^fst:([0-9a-f]+):(\d+)$/.exec(Buffer.from(token, 'base64').toString());
    return m && m[1] === this.epoch ? Number(m[2]) : null;
  }
}

export class ListenHub {
  private databases = new Map<Database, DatabaseTargets>();
  readonly tokens = new ResumeTokens();

  constructor(readonly host: ListenHost) {}

  open(ctx: CallContext, sink: StreamSink<v1.ListenResponse>): StreamSession<v1.ListenRequest> {
    return new ListenSession(this, ctx, sink);
  }

  targetsOf(db: Database): DatabaseTargets {
    let t = this.databases.get(db);
    if (!t) this.databases.set(db, (t = new DatabaseTargets()));
    return t;
  }

  release(db: Database, t: Target): void {
    const targets = this.databases.get(db);
    if (!targets) return;
    targets.remove(t);
    if (targets.empty) this.databases.delete(db);
  }

  /** Sends each affected target its changes, then a global snapshot at the commit time. */
  onCommit(db: Database, changes: Change[], commitTime: number): void {
    const targets = this.databases.get(db);
    if (!targets) return;
    const affected = new Map<ListenSession, Set<Target>>();
    const note = (set: Set<Target> | undefined) => {
      for (const t of set ?? []) {
        let s = affected.get(t.session);
        if (!s) affected.set(t.session, (s = new Set()));
        s.add(t);
      }
    };
    const kindless = targets.byCollectionId.get('');
    for (const c of changes) {
      note(targets.byCollectionId.get(lastSegment(collectionPathOf(c.path))));
      note(targets.byPath.get(c.path));
      note(kindless);
    }
    for (const [session, set] of affected) {
      try {
        session.applyCommit(set, changes, commitTime);
      } catch (e) {
        // One broken stream (e.g. its transport threw) must not affect the commit or other streams.
        session.abort(e);
      }
    }
  }
}

class ListenSession implements StreamSession<v1.ListenRequest> {
  db: Database | null = null;
  private targets = new Map<number, Target>();
  private closed = false;

  constructor(
    readonly hub: ListenHub,
    private readonly ctx: CallContext,
    private readonly sink: StreamSink<v1.ListenResponse>,
  ) {}

  receive(request: v1.ListenRequest): void {
    if (this.closed) return;
    try {
      this.handle(request);
    } catch (e) {
      this.abort(e);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.targets.values()) this.hub.release(this.db!, t);
    this.targets.clear();
  }

  abort(e: unknown): void {
    this.fail(
      e instanceof FirestoreApiError
        ? e
        : new FirestoreApiError(GrpcCode.INTERNAL, `Listen failed: ${(e as Error)?.message ?? e}`),
    );
  }

  private fail(error: FirestoreApiError): void {
    if (this.closed) return;
    this.close();
    try {
      this.sink.fail(error);
    } catch {
      // The transport is already gone.
    }
  }

  private push(response: v1.ListenResponse): void {
    if (!this.closed) this.sink.push(response);
  }

  private handle(request: v1.ListenRequest): void {
    if (!isObject(request as unknown)) throw invalid('Listen: a request must be an object');
    const ref = parseDatabaseName(request.database, 'Listen');
    const db = this.hub.host.store.database(ref);
    if (this.db && this.db !== db)
      throw invalid('Listen: all requests of a stream must name the same database');
    this.db = db;
    const hasAdd = request.addTarget !== undefined && request.addTarget !== null;
    const hasRemove = request.removeTarget !== undefined && request.removeTarget !== null;
    if (hasAdd === hasRemove)
      throw invalid('Listen: a request must set exactly one of addTarget or removeTarget');
    if (hasRemove) this.removeTarget(optInt(request, 'removeTarget', 'Listen')!);
    else this.addTarget(db, request.addTarget);
  }

  private removeTarget(id: number): void {
    const t = this.targets.get(id);
    if (!t) return;
    this.targets.delete(id);
    this.hub.release(this.db!, t);
    this.push({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  private addTarget(db: Database, json: v1.Target | undefined): void {
    if (!isObject(json)) throw invalid('Listen: addTarget must be a Target');
    let id = optInt(json, 'targetId', 'Listen: addTarget') ?? 0;
    if (id === 0) id = this.freeId();
    if (this.targets.has(id))
      throw invalid(`Listen: target id ${id} is already in use on this stream`);
    const t: Target = { session: this, id, query: null, paths: null, results: new Map() };
    let since: number | null;
    try {
      this.defineTarget(db, t, json);
      since = this.resumePoint(json);
    } catch (e) {
      if (!(e instanceof FirestoreApiError)) throw e;
      // A bad or forbidden target is refused on its own; the stream and its other targets go on.
      this.push({
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [id],
          cause: { code: e.code, message: e.message },
        },
      });
      return;
    }
    this.targets.set(id, t);
    this.hub.targetsOf(db).add(t);
    this.sendInitial(db, t, since, Boolean(json.resumeToken) || Boolean(json.readTime));
    if (json.once === true) this.removeTarget(id);
  }

  /** The time a resuming client has the target's state for; null when it has none usable. */
  private resumePoint(json: v1.Target): number | null {
    if (json.resumeToken !== undefined && json.resumeToken !== null && json.resumeToken !== '') {
      return this.hub.tokens.decode(json.resumeToken);
    }
    if (json.readTime !== undefined && json.readTime !== null) {
      return timestampToMicros(json.readTime, 'Listen: target.readTime');
    }
    return null;
  }

  private freeId(): number {
    let id = 1;
    while (this.targets.has(id)) id++;
    return id;
  }

  private defineTarget(db: Database, t: Target, json: v1.Target): void {
    const hasQuery = json.query !== undefined && json.query !== null;
    const hasDocs = json.documents !== undefined && json.documents !== null;
    if (hasQuery === hasDocs)
      throw invalid('Listen: a target must set exactly one of query or documents');
    if (hasQuery) {
      const q = json.query;
      if (!isObject(q)) throw invalid('Listen: target.query must be an object');
      const parent = parseParentName(q.parent, 'Listen: target.query');
      if (parent.projectId !== db.ref.projectId || parent.databaseId !== db.ref.databaseId) {
        throw invalid('Listen: the query parent must be in the stream database');
      }
      t.query = compileQuery(parent.path, q.structuredQuery, 'Listen: invalid query');
      // Changes are matched per document; a nearest-k result is not (the SDKs offer no listen).
      if (t.query.nearest) throw invalid('Listen: findNearest queries cannot be listened to');
      this.hub.host.access.check(this.ctx, db, {
        method: 'list',
        path: childPath(parent.path, t.query.collectionId),
        query: t.query.json,
        collectionGroup: t.query.allDescendants || undefined,
        resource: null,
      });
      this.hub.host.indexes.check(t.query);
    } else {
      const d = json.documents;
      if (!isObject(d)) throw invalid('Listen: target.documents must be an object');
      t.paths = optArray(d, 'documents', 'Listen: target.documents').map((n) => {
        const name = parseDocumentName(n, 'Listen: target.documents');
        if (name.projectId !== db.ref.projectId || name.databaseId !== db.ref.databaseId) {
          throw invalid('Listen: watched documents must be in the stream database');
        }
        return name.path;
      });
      for (const path of t.paths) {
        const doc = db.get(path);
        this.hub.host.access.check(this.ctx, db, {
          method: 'get',
          path,
          resource: doc ? documentJson(doc) : null,
        });
      }
    }
  }

  /** The target's result at `time` (null: now). */
  private evaluate(db: Database, t: Target, time: number | null): Map<string, StoredDoc> {
    const out = new Map<string, StoredDoc>();
    if (t.query) for (const d of executeQuery(db, t.query, time)) out.set(d.path, d);
    else
      for (const p of t.paths!) {
        const d = db.getAt(p, time);
        if (d) out.set(p, d);
      }
    return out;
  }

  private sendInitial(db: Database, t: Target, since: number | null, resuming: boolean): void {
    const clock = this.hub.host.clock;
    const resumable = since !== null && since >= db.horizon;
    const current = this.evaluate(db, t, null);
    const readTime = clock.readTime();
    this.push({ targetChange: { targetChangeType: 'ADD', targetIds: [t.id] } });
    const sent: StoredDoc[] = [];
    if (resumable) {
      const before = this.evaluate(db, t, since);
      for (const [path, d] of current) {
        if (before.get(path) !== d) sent.push(d);
      }
      for (const s of sent) this.pushDocument(t, s);
      for (const path of before.keys())
        if (!current.has(path)) this.pushRemoval(db, t, path, readTime);
    } else {
      // Nothing to diff against: tell the SDK to forget what it has, then send the full result.
      if (resuming) this.push({ targetChange: { targetChangeType: 'RESET', targetIds: [t.id] } });
      for (const d of current.values()) {
        sent.push(d);
        this.pushDocument(t, d);
      }
      // Watched documents that do not exist are reported too, so the SDK knows they are missing.
      for (const path of t.paths ?? [])
        if (!current.has(path)) this.pushRemoval(db, t, path, readTime);
    }
    t.results = current;
    this.hub.host.countReads(sent);
    const token = this.hub.tokens.encode(readTime);
    const time = microsToTimestamp(readTime);
    this.push({
      targetChange: {
        targetChangeType: 'CURRENT',
        targetIds: [t.id],
        resumeToken: token,
        readTime: time,
      },
    });
    this.push({
      targetChange: {
        targetChangeType: 'NO_CHANGE',
        targetIds: [],
        resumeToken: token,
        readTime: time,
      },
    });
  }

  private pushDocument(t: Target, d: StoredDoc): void {
    const fields = t.query?.select ? projectFields(d.fields, t.query.select) : d.fields;
    this.push({
      documentChange: {
        document: documentJson(d, fields),
        targetIds: [t.id],
        removedTargetIds: [],
      },
    });
  }

  /** A document left the target: deleted (DocumentDelete) or no longer matching (DocumentRemove). */
  private pushRemoval(db: Database, t: Target, path: string, time: number): void {
    const name = fullName(db.ref, path);
    const readTime = microsToTimestamp(time);
    if (db.get(path))
      this.push({ documentRemove: { document: name, removedTargetIds: [t.id], readTime } });
    else this.push({ documentDelete: { document: name, removedTargetIds: [t.id], readTime } });
  }

  /**
   * A watched document the caller may no longer read (its rules depend on the new data) ends the
   * target with PERMISSION_DENIED, as the real service cancels such a listener.
   */
  private mayStillRead(db: Database, t: Target, path: string, doc: StoredDoc): boolean {
    try {
      this.hub.host.access.check(this.ctx, db, {
        method: 'get',
        path,
        resource: documentJson(doc),
      });
      return true;
    } catch (e) {
      if (!(e instanceof FirestoreApiError)) throw e;
      this.targets.delete(t.id);
      this.hub.release(db, t);
      this.push({
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [t.id],
          cause: { code: e.code, message: e.message },
        },
      });
      return false;
    }
  }

  applyCommit(targets: Set<Target>, changes: Change[], commitTime: number): void {
    if (this.closed) return;
    const db = this.db!;
    const sent: StoredDoc[] = [];
    let removals = 0;
    for (const t of targets) {
      if (t.query && (t.query.limit !== null || t.query.offset > 0)) {
        // A limited result can gain or lose documents that were not written: recompute it.
        if (!changes.some((c) => inScope(t.query!, c.path))) continue;
        const next = this.evaluate(db, t, null);
        for (const [path, d] of next) {
          if (t.results.get(path) !== d) {
            sent.push(d);
            this.pushDocument(t, d);
          }
        }
        for (const path of t.results.keys()) {
          if (!next.has(path)) {
            this.pushRemoval(db, t, path, commitTime);
            removals++;
          }
        }
        t.results = next;
        continue;
      }
      for (const c of changes) {
        const relevant = t.query ? inScope(t.query, c.path) : t.paths!.includes(c.path);
        if (!relevant) continue;
        if (!t.query && c.after && !this.mayStillRead(db, t, c.path, c.after)) {
          removals++;
          break;
        }
        const nowIn = c.after !== null && (t.query ? matches(t.query, c.after) : true);
        if (nowIn) {
          t.results.set(c.path, c.after!);
          sent.push(c.after!);
          this.pushDocument(t, c.after!);
        } else if (t.results.delete(c.path) || (!t.query && c.before)) {
          this.pushRemoval(db, t, c.path, commitTime);
          removals++;
        }
      }
    }
    if (sent.length === 0 && removals === 0) return;
    this.hub.host.countReads(sent);
    const time = microsToTimestamp(commitTime);
    this.push({
      targetChange: {
        targetChangeType: 'NO_CHANGE',
        targetIds: [],
        resumeToken: this.hub.tokens.encode(commitTime),
        readTime: time,
      },
    });
  }
}
