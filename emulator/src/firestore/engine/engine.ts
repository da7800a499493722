import { randomInt } from 'node:crypto';
import type {
  Authorizer,
  CallContext,
  CommitEvent,
  FirestoreService,
  StreamSession,
  StreamSink,
  UsageReport,
} from '../service.js';
import { FirestoreApiError, GrpcCode } from '../service.js';
import type * as v1 from '../protocol/messages.js';
import { AccessControl, requireAdmin } from './access.js';
import { aggregate, parseAggregations } from './aggregations.js';
import {
  invalid,
  isObject,
  notFound,
  optArray,
  optBool,
  optInt,
  optMessage,
  optString,
  reqString,
} from './errors.js';
import { exportStore, importStore } from './export.js';
import { ListenHub } from './listen.js';
import {
  childCollectionIds,
  decodePageToken,
  encodePageToken,
  missingParents,
  parseOrderClause,
} from './listing.js';
import { projectFields } from './fields.js';
import {
  childPath,
  collectionPathOf,
  compareDocumentNames,
  fullName,
  lastSegment,
  parseDatabaseName,
  parseDocumentName,
  parseFieldPath,
  parseParentName,
  validateId,
} from './paths.js';
import { IndexEnforcement } from './index-enforcement.js';
import { compileQuery, executeQuery, type CompiledQuery } from './query.js';
import { documentJson, Store, type Database, type StoredDoc } from './store.js';
import { Clock, microsToTimestamp, timestampToMicros } from './time.js';
import { Transactions, type Transaction } from './transactions.js';
import { UsageCounters } from './usage.js';
import { applyWrite, parseWrite, type ParsedWrite } from './writes.js';
import { WriteStreamSession } from './write-stream.js';

export interface FirestoreEngine extends FirestoreService {
  setAuthorizer(a: Authorizer | null): void;
  /** Index enforcement (`--require-indexes`); off unless indexes are set. */
  readonly indexes: IndexEnforcement;
}

/** How a read is made consistent: latest, at a time, or inside a transaction. */
interface ReadPlan {
  time: number | null;
  txn: Transaction | null;
  /** Set when the request began the transaction (its id goes back in the first response). */
  newTxnId: string | null;
  readTimeText: string;
}

export interface CommitOutcome {
  commitTime: number;
  writeResults: v1.WriteResult[];
}

/** One applied document change, inside the engine. */
export interface AppliedChange {
  path: string;
  before: StoredDoc | null;
  after: StoredDoc | null;
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export class Engine implements FirestoreEngine {
  readonly clock = new Clock();
  readonly store = new Store();
  readonly usageCounters = new UsageCounters();
  readonly access = new AccessControl();
  readonly indexes = new IndexEnforcement();
  readonly transactions = new Transactions(this.clock);
  readonly listens = new ListenHub(this);
  private commitListeners = new Set<(event: CommitEvent) => void>();
  private deliveries: (() => void)[] = [];
  private delivering = false;

  constructor(options?: { authorizer?: Authorizer }) {
    this.access.authorizer = options?.authorizer ?? null;
  }

  setAuthorizer(a: Authorizer | null): void {
    this.access.authorizer = a;
  }

  // ---- documents ----

  async getDocument(ctx: CallContext, request: v1.GetDocumentRequest): Promise<v1.Document> {
    expectRequest(request, 'GetDocument');
    const what = 'GetDocument';
    const name = parseDocumentName(request.name, what);
    const db = this.store.database(name);
    const mask = parseMask(request, what);
    const plan = this.readPlan(db, request, what, false);
    const doc = db.getAt(name.path, plan.time);
    this.access.check(ctx, db, {
      method: 'get',
      path: name.path,
      resource: doc ? documentJson(doc) : null,
    });
    this.recordRead(plan, name.path, doc);
    if (!doc) throw notFound(`Document "${String(request.name)}" not found.`);
    this.countReads([doc]);
    return documentJson(doc, mask ? projectFields(doc.fields, mask) : doc.fields);
  }

  async listDocuments(
    ctx: CallContext,
    request: v1.ListDocumentsRequest,
  ): Promise<v1.ListDocumentsResponse> {
    expectRequest(request, 'ListDocuments');
    const what = 'ListDocuments';
    const parent = parseParentName(request.parent, what);
    const db = this.store.database(parent);
    const collectionId = optString(request, 'collectionId', what) ?? '';
    if (collectionId !== '') validateId(collectionId, `${what}: invalid collectionId`);
    const mask = parseMask(request, what);
    const pageSize = optInt(request, 'pageSize', what) ?? 0;
    if (pageSize < 0) throw invalid(`${what}: pageSize must be non-negative`);
    const showMissing = optBool(request, 'showMissing', what) ?? false;
    const orderBy = optString(request, 'orderBy', what) ?? '';
    if (showMissing && orderBy !== '')
      throw invalid(`${what}: showMissing cannot be combined with orderBy`);
    const plan = this.readPlan(db, request, what, false);
    const collections = collectionId !== '' ? [collectionId] : childCollectionIds(db, parent.path);
    const docs: (StoredDoc | { name: string; path: string; missing: true })[] = [];
    for (const cid of collections) {
      const query = compileQuery(
        parent.path,
        { from: [{ collectionId: cid }], orderBy: parseOrderClause(orderBy, what) },
        what,
      );
      this.access.check(ctx, db, {
        method: 'list',
        path: childPath(parent.path, cid),
        query: query.json,
        resource: null,
      });
      const found = executeQuery(db, query, plan.time);
      for (const d of found) this.recordRead(plan, d.path, d);
      docs.push(...found);
      if (showMissing) {
        const present = new Set(found.map((d) => d.path));
        for (const path of missingParents(db, childPath(parent.path, cid))) {
          if (!present.has(path)) docs.push({ name: fullName(db.ref, path), path, missing: true });
        }
      }
    }
    if (showMissing || collections.length > 1)
      docs.sort((a, b) => compareDocumentNames(a.name, b.name));
    const start = request.pageToken ? decodePageToken(request.pageToken, what) : 0;
    const page = pageSize > 0 ? docs.slice(start, start + pageSize) : docs.slice(start);
    this.countReads(page.filter((d): d is StoredDoc => !('missing' in d)));
    const response: v1.ListDocumentsResponse = {
      documents: page.map((d) =>
        'missing' in d
          ? { name: d.name }
          : documentJson(d, mask ? projectFields(d.fields, mask) : d.fields),
      ),
    };
    if (pageSize > 0 && start + pageSize < docs.length)
      response.nextPageToken = encodePageToken(start + pageSize);
    return response;
  }

  async createDocument(ctx: CallContext, request: v1.CreateDocumentRequest): Promise<v1.Document> {
    expectRequest(request, 'CreateDocument');
    const what = 'CreateDocument';
    const parent = parseParentName(request.parent, what);
    const collectionId = reqString(request, 'collectionId', what);
    validateId(collectionId, `${what}: invalid collectionId`);
    const docId = optString(request, 'documentId', what) || autoId();
    validateId(docId, `${what}: invalid documentId`);
    const document = optMessage(request, 'document', what) ?? {};
    const mask = parseMask(request, what);
    const path = childPath(childPath(parent.path, collectionId), docId);
    const name = fullName(parent, path);
    if (document.name !== undefined && document.name !== '' && document.name !== name) {
      throw invalid(
        `${what}: document.name must be empty (the name comes from parent, collectionId and documentId)`,
      );
    }
    const db = this.store.database(parent);
    this.commitWrites(
      ctx,
      db,
      [{ update: { name, fields: document.fields ?? {} }, currentDocument: { exists: false } }],
      null,
    );
    const doc = db.get(path)!;
    return documentJson(doc, mask ? projectFields(doc.fields, mask) : doc.fields);
  }

  async updateDocument(ctx: CallContext, request: v1.UpdateDocumentRequest): Promise<v1.Document> {
    expectRequest(request, 'UpdateDocument');
    const what = 'UpdateDocument';
    const document = optMessage(request, 'document', what);
    if (!document) throw invalid(`${what}: document is required`);
    const name = parseDocumentName(document.name, what);
    const mask = parseMask(request, what);
    const db = this.store.database(name);
    const write: v1.Write = { update: document };
    if (request.updateMask !== undefined && request.updateMask !== null)
      write.updateMask = request.updateMask;
    if (request.currentDocument !== undefined && request.currentDocument !== null)
      write.currentDocument = request.currentDocument;
    this.commitWrites(ctx, db, [write], null);
    const doc = db.get(name.path)!;
    return documentJson(doc, mask ? projectFields(doc.fields, mask) : doc.fields);
  }

  async deleteDocument(ctx: CallContext, request: v1.DeleteDocumentRequest): Promise<void> {
    expectRequest(request, 'DeleteDocument');
    const name = parseDocumentName(request.name, 'DeleteDocument');
    const db = this.store.database(name);
    const write: v1.Write = { delete: request.name };
    if (request.currentDocument !== undefined && request.currentDocument !== null)
      write.currentDocument = request.currentDocument;
    this.commitWrites(ctx, db, [write], null);
  }

  async batchGetDocuments(
    ctx: CallContext,
    request: v1.BatchGetDocumentsRequest,
  ): Promise<v1.BatchGetDocumentsResponse[]> {
    expectRequest(request, 'BatchGetDocuments');
    const what = 'BatchGetDocuments';
    const ref = parseDatabaseName(request.database, what);
    const db = this.store.database(ref);
    const mask = parseMask(request, what);
    const names = optArray(request, 'documents', what).map((n) => {
      const parsed = parseDocumentName(n, what);
      if (parsed.projectId !== ref.projectId || parsed.databaseId !== ref.databaseId) {
        throw invalid(
          `${what}: document '${String(n)}' is not in database ${String(request.database)}`,
        );
      }
      return parsed;
    });
    const plan = this.readPlan(db, request, what, true);
    const docs = names.map((n) => db.getAt(n.path, plan.time));
    names.forEach((n, i) => {
      const doc = docs[i]!;
      this.access.check(ctx, db, {
        method: 'get',
        path: n.path,
        resource: doc ? documentJson(doc) : null,
      });
    });
    names.forEach((n, i) => this.recordRead(plan, n.path, docs[i]!));
    this.countReads(docs.filter((d): d is StoredDoc => d !== null));
    const responses: v1.BatchGetDocumentsResponse[] = names.map((n, i) => {
      const doc = docs[i];
      return doc
        ? {
            found: documentJson(doc, mask ? projectFields(doc.fields, mask) : doc.fields),
            readTime: plan.readTimeText,
          }
        : { missing: fullName(db.ref, n.path), readTime: plan.readTimeText };
    });
    // A new transaction comes in an answer of its own, first, as the official emulator sends it.
    if (plan.newTxnId) responses.unshift({ transaction: plan.newTxnId });
    return responses;
  }

  // ---- transactions and commits ----

  async beginTransaction(
    _ctx: CallContext,
    request: v1.BeginTransactionRequest,
  ): Promise<v1.BeginTransactionResponse> {
    expectRequest(request, 'BeginTransaction');
    const db = this.store.database(parseDatabaseName(request.database, 'BeginTransaction'));
    return { transaction: this.transactions.begin(db, request.options).id };
  }

  async rollback(_ctx: CallContext, request: v1.RollbackRequest): Promise<void> {
    expectRequest(request, 'Rollback');
    const db = this.store.database(parseDatabaseName(request.database, 'Rollback'));
    this.transactions.end(this.transactions.get(request.transaction, db));
  }

  async commit(ctx: CallContext, request: v1.CommitRequest): Promise<v1.CommitResponse> {
    expectRequest(request, 'Commit');
    const what = 'Commit';
    const db = this.store.database(parseDatabaseName(request.database, what));
    const writes = optArray(request, 'writes', what);
    const txn =
      request.transaction !== undefined &&
      request.transaction !== null &&
      request.transaction !== ''
        ? this.transactions.get(request.transaction, db)
        : null;
    const outcome = this.commitWrites(ctx, db, writes, txn);
    return {
      writeResults: outcome.writeResults,
      commitTime: microsToTimestamp(outcome.commitTime),
    };
  }

  async batchWrite(
    ctx: CallContext,
    request: v1.BatchWriteRequest,
  ): Promise<v1.BatchWriteResponse> {
    expectRequest(request, 'BatchWrite');
    requireAdmin(ctx, 'Batch writes require admin authentication.');
    const what = 'BatchWrite';
    const db = this.store.database(parseDatabaseName(request.database, what));
    const writes = optArray(request, 'writes', what);
    const parsed = writes.map((w, i) => parseWrite(w, db.ref, `${what}: writes[${i}]`));
    const seen = new Set<string>();
    for (const w of parsed) {
      if (seen.has(w.path))
        throw invalid(`${what}: a batch cannot write the same document twice (${w.name})`);
      seen.add(w.path);
    }
    const writeResults: v1.WriteResult[] = [];
    const status: v1.Status[] = [];
    for (const w of parsed) {
      try {
        writeResults.push(this.applyParsed(ctx, db, [w], null).writeResults[0]!);
        status.push({ code: GrpcCode.OK });
      } catch (e) {
        if (!(e instanceof FirestoreApiError)) throw e;
        writeResults.push({});
        status.push({ code: e.code, message: e.message });
      }
    }
    return { writeResults, status };
  }

  /** Validates, authorizes and applies writes atomically; notifies listeners in commit order. */
  commitWrites(
    ctx: CallContext,
    db: Database,
    writes: unknown[],
    txn: Transaction | null,
  ): CommitOutcome {
    const parsed = writes.map((w, i) => parseWrite(w, db.ref, `Invalid write at writes[${i}]`));
    return this.applyParsed(ctx, db, parsed, txn);
  }

  private applyParsed(
    ctx: CallContext,
    db: Database,
    writes: ParsedWrite[],
    txn: Transaction | null,
  ): CommitOutcome {
    if (txn) {
      if (txn.readOnly && writes.length > 0)
        throw invalid('Cannot modify entities in a read-only transaction.');
      try {
        this.transactions.validate(txn);
      } catch (e) {
        this.transactions.end(txn); // An aborted transaction is over; the SDK begins a new one.
        throw e;
      }
    }
    const commitTime = this.clock.commitTime();
    const overlay = new Map<string, StoredDoc | null>();
    const read = (path: string) => (overlay.has(path) ? overlay.get(path)! : db.get(path));
    const applied: { w: ParsedWrite; before: StoredDoc | null; after: StoredDoc | null }[] = [];
    const writeResults: v1.WriteResult[] = [];
    for (const w of writes) {
      const before = read(w.path);
      const { doc, result } = applyWrite(db.ref, before, w, commitTime);
      overlay.set(w.path, doc);
      applied.push({ w, before, after: doc });
      writeResults.push(result);
    }
    // Every write to a document the commit changes reports the commit time, also one that alone
    // changed nothing (the same document written twice), as Firestore does.
    writes.forEach((w, i) => {
      const final = overlay.get(w.path);
      if (final?.updateTime === commitTime && writeResults[i]!.updateTime !== undefined)
        writeResults[i]!.updateTime = final.updateTimeText;
    });
    if (this.access.applies(ctx)) {
      const batch = txn || writes.length > 1 ? {} : undefined;
      for (const { w, before, after } of applied) {
        if (w.kind === 'verify') continue;
        const method = w.kind === 'delete' ? 'delete' : before ? 'update' : 'create';
        this.access.check(ctx, db, {
          method,
          path: w.path,
          resource: before ? documentJson(before) : null,
          requestResource: method === 'delete' ? undefined : after ? documentJson(after) : null,
          readAfter: read,
          batch,
        });
      }
    }
    // Everything is validated: apply. Nothing below throws on bad input.
    if (txn) this.transactions.end(txn);
    const changes: AppliedChange[] = [];
    for (const [path, after] of overlay) {
      const before = db.get(path);
      if (after === before) continue;
      db.put(path, after, commitTime);
      changes.push({ path, before, after });
    }
    db.prune(commitTime);
    for (const { w } of applied) {
      if (w.kind === 'verify') continue;
      this.usageCounters.add(
        lastSegment(collectionPathOf(w.path)),
        w.kind === 'delete' ? 'deletes' : 'writes',
      );
    }
    if (changes.length > 0) this.publish(db, changes, commitTime);
    return { commitTime, writeResults };
  }

  /**
   * Delivers a commit to listen streams and commit listeners. A commit made from inside a delivery
   * (a subscriber writing back synchronously) is queued, so every subscriber sees commit order.
   */
  private publish(db: Database, changes: AppliedChange[], commitTime: number): void {
    this.enqueue(() => this.deliver(db, changes, commitTime));
  }

  private enqueue(delivery: () => void): void {
    this.deliveries.push(delivery);
    if (this.delivering) return;
    this.delivering = true;
    try {
      for (let next = this.deliveries.shift(); next; next = this.deliveries.shift()) next();
    } finally {
      this.delivering = false;
    }
  }

  private deliver(db: Database, changes: AppliedChange[], commitTime: number): void {
    this.listens.onCommit(db, changes, commitTime);
    if (this.commitListeners.size === 0) return;
    const event: CommitEvent = {
      projectId: db.ref.projectId,
      databaseId: db.ref.databaseId,
      commitTime: microsToTimestamp(commitTime),
      changes: changes.map((c) => ({
        name: fullName(db.ref, c.path),
        before: c.before ? documentJson(c.before) : null,
        after: c.after ? documentJson(c.after) : null,
      })),
    };
    for (const listener of this.commitListeners) {
      try {
        listener(event);
      } catch {
        // A failing subscriber (trigger delivery) must not undo or block the commit.
      }
    }
  }

  // ---- queries ----

  async runQuery(ctx: CallContext, request: v1.RunQueryRequest): Promise<v1.RunQueryResponse[]> {
    expectRequest(request, 'RunQuery');
    const what = 'RunQuery';
    const parent = parseParentName(request.parent, what);
    const db = this.store.database(parent);
    const query = compileQuery(parent.path, request.structuredQuery, `${what}: invalid query`);
    const plan = this.readPlan(db, request, what, true);
    this.checkList(ctx, db, query);
    const docs = executeQuery(db, query, plan.time);
    this.recordQuery(plan, query, docs);
    this.countReads(docs);
    // Document answers carry the number the offset skipped, as the official emulator's do.
    const answer = (extra: v1.RunQueryResponse): v1.RunQueryResponse => ({
      ...extra,
      readTime: plan.readTimeText,
      ...(query.offset > 0 && docs.length > 0 ? { skippedResults: query.offset } : {}),
    });
    const responses: v1.RunQueryResponse[] = docs.map((d) =>
      answer({
        document: documentJson(d, query.select ? projectFields(d.fields, query.select) : d.fields),
      }),
    );
    if (responses.length === 0) responses.push(answer({}));
    const last = responses[responses.length - 1]!;
    last.done = true; // the last answer says so, as Firestore's does
    delete last.skippedResults; // the official emulator reports the skip on all answers but that one
    if (plan.newTxnId) responses.unshift({ transaction: plan.newTxnId });
    return responses;
  }

  async runAggregationQuery(
    ctx: CallContext,
    request: v1.RunAggregationQueryRequest,
  ): Promise<v1.RunAggregationQueryResponse[]> {
    expectRequest(request, 'RunAggregationQuery');
    const what = 'RunAggregationQuery';
    const parent = parseParentName(request.parent, what);
    const db = this.store.database(parent);
    const saq = optMessage(request, 'structuredAggregationQuery', what);
    if (!saq) throw invalid(`${what}: structuredAggregationQuery is required`);
    const aggregations = parseAggregations(saq.aggregations, what);
    const query = compileQuery(parent.path, saq.structuredQuery, `${what}: invalid query`, {
      requiredFields: aggregations.filter((a) => a.kind !== 'count').map((a) => a.field),
    });
    const plan = this.readPlan(db, request, what, true);
    this.checkList(ctx, db, query);
    const docs = executeQuery(db, query, plan.time);
    this.recordQuery(plan, query, docs);
    // Billing: one read per started batch of 1000 index entries, at least one.
    this.usageCounters.add(query.collectionId, 'reads', Math.max(1, Math.ceil(docs.length / 1000)));
    const response: v1.RunAggregationQueryResponse = {
      result: { aggregateFields: aggregate(aggregations, docs) },
      readTime: plan.readTimeText,
    };
    if (plan.newTxnId) response.transaction = plan.newTxnId;
    return [response];
  }

  async listCollectionIds(
    ctx: CallContext,
    request: v1.ListCollectionIdsRequest,
  ): Promise<v1.ListCollectionIdsResponse> {
    expectRequest(request, 'ListCollectionIds');
    requireAdmin(ctx, 'Metadata operations require admin authentication.');
    const what = 'ListCollectionIds';
    const parent = parseParentName(request.parent, what);
    const db = this.store.database(parent);
    const pageSize = optInt(request, 'pageSize', what) ?? 0;
    if (pageSize < 0) throw invalid(`${what}: pageSize must be non-negative`);
    const after = optString(request, 'pageToken', what) ?? '';
    const ids = childCollectionIds(db, parent.path).filter((id) => after === '' || id > after);
    const page = pageSize > 0 ? ids.slice(0, pageSize) : ids;
    const response: v1.ListCollectionIdsResponse = { collectionIds: page };
    if (pageSize > 0 && ids.length > pageSize) response.nextPageToken = page[page.length - 1];
    return response;
  }

  private checkList(ctx: CallContext, db: Database, query: CompiledQuery): void {
    this.access.check(ctx, db, {
      method: 'list',
      path: childPath(query.parentPath, query.collectionId),
      query: query.json,
      collectionGroup: query.allDescendants || undefined,
      resource: null,
    });
    this.indexes.check(query);
  }

  // ---- reads ----

  private readPlan(
    db: Database,
    request: Pick<v1.RunQueryRequest, 'transaction' | 'newTransaction' | 'readTime'>,
    what: string,
    allowNew: boolean,
  ): ReadPlan {
    const set = (['transaction', 'newTransaction', 'readTime'] as const).filter(
      (k) => request[k] !== undefined && request[k] !== null && request[k] !== '',
    );
    if (set.length > 1)
      throw invalid(`${what}: set at most one of transaction, newTransaction and readTime`);
    let txn: Transaction | null = null;
    let newTxnId: string | null = null;
    let time: number | null = null;
    if (set[0] === 'transaction') txn = this.transactions.get(request.transaction, db);
    else if (set[0] === 'newTransaction') {
      if (!allowNew) throw invalid(`${what}: newTransaction is not supported here`);
      txn = this.transactions.begin(db, request.newTransaction);
      newTxnId = txn.id;
    } else if (set[0] === 'readTime') {
      time = timestampToMicros(request.readTime, `${what}: readTime`);
      db.checkReadable(time);
    }
    if (txn?.readOnly) time = txn.readTime;
    const readTimeText = microsToTimestamp(time ?? this.clock.readTime());
    return { time, txn, newTxnId, readTimeText };
  }

  private recordRead(plan: ReadPlan, path: string, doc: StoredDoc | null): void {
    if (plan.txn && !plan.txn.readOnly && !plan.txn.reads.has(path))
      plan.txn.reads.set(path, doc?.updateTime ?? 0);
  }

  private recordQuery(plan: ReadPlan, query: CompiledQuery, docs: StoredDoc[]): void {
    if (!plan.txn || plan.txn.readOnly) return;
    plan.txn.queries.push({ query, results: new Map(docs.map((d) => [d.path, d.updateTime])) });
    for (const d of docs) this.recordRead(plan, d.path, d);
  }

  countReads(docs: StoredDoc[]): void {
    for (const d of docs) this.usageCounters.add(lastSegment(collectionPathOf(d.path)), 'reads');
  }

  // ---- streams ----

  openWrite(ctx: CallContext, sink: StreamSink<v1.WriteResponse>): StreamSession<v1.WriteRequest> {
    return new WriteStreamSession(this, ctx, sink);
  }

  openListen(
    ctx: CallContext,
    sink: StreamSink<v1.ListenResponse>,
  ): StreamSession<v1.ListenRequest> {
    return this.listens.open(ctx, sink);
  }

  // ---- emulator operations ----

  onCommit(listener: (event: CommitEvent) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  clear(projectId: string, databaseId: string): void {
    const db = this.store.database({ projectId, databaseId });
    const now = this.clock.commitTime();
    const removed = [...db.allDocs()];
    db.clear(now);
    this.transactions.clearDatabase(db);
    this.publishReplacement(db, replacement(removed, []), now);
  }

  /** Clear and import change documents without a commit: listeners learn of it, triggers do not. */
  private publishReplacement(db: Database, changes: AppliedChange[], time: number): void {
    this.enqueue(() => this.listens.onCommit(db, changes, time));
  }

  usage(): UsageReport {
    return this.usageCounters.report();
  }

  resetUsage(): void {
    this.usageCounters.reset();
  }

  async exportTo(directory: string): Promise<void> {
    await exportStore(this.store, directory);
  }

  async importFrom(directory: string): Promise<void> {
    const now = this.clock.commitTime();
    await importStore(this.store, directory, now, (db, removed, added) => {
      this.transactions.clearDatabase(db);
      this.publishReplacement(db, replacement(removed, added), now);
    });
  }
}

/** The changes that turn one set of documents into another (clear, import). */
function replacement(removed: StoredDoc[], added: StoredDoc[]): AppliedChange[] {
  const changes = new Map<string, AppliedChange>();
  for (const d of removed) changes.set(d.path, { path: d.path, before: d, after: null });
  for (const d of added)
    changes.set(d.path, { path: d.path, before: changes.get(d.path)?.before ?? null, after: d });
  return [...changes.values()];
}

/** Transports hand over parsed JSON; anything but an object is a malformed request. */
function expectRequest(request: unknown, what: string): void {
  if (!isObject(request)) throw invalid(`${what}: the request must be a JSON object`);
}

function parseMask(request: { mask?: v1.DocumentMask }, what: string): string[][] | null {
  const mask = optMessage(request, 'mask', what);
  if (!mask) return null;
  return optArray(mask, 'fieldPaths', `${what}: mask`).map((p) =>
    parseFieldPath(p, `${what}: mask`),
  );
}

function autoId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += AUTO_ID_CHARS[randomInt(AUTO_ID_CHARS.length)];
  return id;
}
