import type { CallContext, FirestoreService, Json } from '../service.js';

/** How each unary or server-streaming RPC maps onto the engine. */
export type UnaryCall = (
  service: FirestoreService,
  ctx: CallContext,
  request: Json,
) => Promise<Json | Json[]>;

const empty = async (result: Promise<void>): Promise<Json> => {
  await result;
  return {};
};

export const UNARY_RPCS: Record<string, UnaryCall> = {
  GetDocument: (s, c, r) => s.getDocument(c, r),
  ListDocuments: (s, c, r) => s.listDocuments(c, r),
  CreateDocument: (s, c, r) => s.createDocument(c, r),
  UpdateDocument: (s, c, r) => s.updateDocument(c, r),
  DeleteDocument: (s, c, r) => empty(s.deleteDocument(c, r)),
  BatchGetDocuments: (s, c, r) => s.batchGetDocuments(c, r),
  BeginTransaction: (s, c, r) => s.beginTransaction(c, r),
  Commit: (s, c, r) => s.commit(c, r),
  Rollback: (s, c, r) => empty(s.rollback(c, r)),
  RunQuery: (s, c, r) => s.runQuery(c, r),
  RunAggregationQuery: (s, c, r) => s.runAggregationQuery(c, r),
  ListCollectionIds: (s, c, r) => s.listCollectionIds(c, r),
  BatchWrite: (s, c, r) => s.batchWrite(c, r),
};

export const STREAM_RPCS = {
  Write: (
    s: FirestoreService,
    c: CallContext,
    sink: Parameters<FirestoreService['openWrite']>[1],
  ) => s.openWrite(c, sink),
  Listen: (
    s: FirestoreService,
    c: CallContext,
    sink: Parameters<FirestoreService['openListen']>[1],
  ) => s.openListen(c, sink),
} as const;
