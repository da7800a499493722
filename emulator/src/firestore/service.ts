/**
 * The boundary between the Firestore engine and its transports (gRPC, REST, WebChannel) and the
 * rules engine. Every message crossing it is in proto3 JSON form, the form the REST API and the
 * browser SDK over WebChannel already speak: camelCase field names, int64 as decimal strings,
 * google.protobuf.Timestamp as RFC 3339 strings (nanosecond precision), bytes as base64, enums as
 * their names, oneofs as whichever key is present: the types of protocol/messages.ts, generated
 * from the SDK's descriptor. Each transport decodes a request into its type once
 * (server/proto-json.ts) and encodes the responses from it.
 */

import type * as v1 from './protocol/messages.js';

/**
 * A JSON object of no declared message type (a token's claims, an emulator endpoint's body).
 * The RPC messages are typed, in protocol/messages.ts.
 */
export type JsonObject = Record<string, unknown>;

/** gRPC status codes; REST maps them to HTTP statuses. */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;
export type GrpcCode = (typeof GrpcCode)[keyof typeof GrpcCode];

/** The only error type the engine throws on purpose; anything else is a bug (INTERNAL). */
export class FirestoreApiError extends Error {
  constructor(
    readonly code: GrpcCode,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreApiError';
  }
}

/** Who is calling, decided by the transport from the Authorization header. */
export type Caller =
  /** `Authorization: Bearer owner` (admin SDK): bypasses rules. */
  | { kind: 'owner' }
  /** No credentials. */
  | { kind: 'anonymous' }
  /** A Firebase ID token; its payload decoded without signature check, as the emulator does. */
  | { kind: 'user'; token: TokenClaims };

/** An ID token's payload: the claims of whoever made it, so no declared shape. */
export type TokenClaims = JsonObject;

export interface CallContext {
  projectId: string;
  databaseId: string;
  caller: Caller;
}

/** Where a stream session sends its responses. */
export interface StreamSink<Response> {
  push(response: Response): void;
  /** Ends the stream with an error; no push follows. */
  fail(error: FirestoreApiError): void;
}

/** One open Listen or Write stream. */
export interface StreamSession<Request> {
  receive(request: Request): void;
  /** The client went away; release targets and pending work. */
  close(): void;
}

/** One document change of a commit, in the order the commit applied them. */
export interface DocumentChange {
  /** Full resource name `projects/{p}/databases/{d}/documents/...`. */
  name: string;
  before: v1.Document | null;
  after: v1.Document | null;
}

export interface CommitEvent {
  projectId: string;
  databaseId: string;
  commitTime: string;
  changes: DocumentChange[];
}

/** The RPCs of google.firestore.v1.Firestore, plus the emulator's own operations. */
export interface FirestoreService {
  getDocument(ctx: CallContext, request: v1.GetDocumentRequest): Promise<v1.Document>;
  listDocuments(
    ctx: CallContext,
    request: v1.ListDocumentsRequest,
  ): Promise<v1.ListDocumentsResponse>;
  createDocument(ctx: CallContext, request: v1.CreateDocumentRequest): Promise<v1.Document>;
  updateDocument(ctx: CallContext, request: v1.UpdateDocumentRequest): Promise<v1.Document>;
  deleteDocument(ctx: CallContext, request: v1.DeleteDocumentRequest): Promise<void>;
  /** Server-streaming RPCs return every response; the transport streams them out. */
  batchGetDocuments(
    ctx: CallContext,
    request: v1.BatchGetDocumentsRequest,
  ): Promise<v1.BatchGetDocumentsResponse[]>;
  beginTransaction(
    ctx: CallContext,
    request: v1.BeginTransactionRequest,
  ): Promise<v1.BeginTransactionResponse>;
  commit(ctx: CallContext, request: v1.CommitRequest): Promise<v1.CommitResponse>;
  rollback(ctx: CallContext, request: v1.RollbackRequest): Promise<void>;
  runQuery(ctx: CallContext, request: v1.RunQueryRequest): Promise<v1.RunQueryResponse[]>;
  runAggregationQuery(
    ctx: CallContext,
    request: v1.RunAggregationQueryRequest,
  ): Promise<v1.RunAggregationQueryResponse[]>;
  listCollectionIds(
    ctx: CallContext,
    request: v1.ListCollectionIdsRequest,
  ): Promise<v1.ListCollectionIdsResponse>;
  batchWrite(ctx: CallContext, request: v1.BatchWriteRequest): Promise<v1.BatchWriteResponse>;
  openWrite(ctx: CallContext, sink: StreamSink<v1.WriteResponse>): StreamSession<v1.WriteRequest>;
  openListen(
    ctx: CallContext,
    sink: StreamSink<v1.ListenResponse>,
  ): StreamSession<v1.ListenRequest>;

  /** Every commit, in commit order, after it is applied (trigger delivery). */
  onCommit(listener: (event: CommitEvent) => void): () => void;
  /** Deletes every document of one database (the clear endpoint). */
  clear(projectId: string, databaseId: string): void;
  /** Document reads, writes and deletes per collection id since the last reset. */
  usage(): UsageReport;
  resetUsage(): void;
  /** Export/import in the project's own format (see emulator/README.md). */
  exportTo(directory: string): Promise<void>;
  importFrom(directory: string): Promise<void>;
}

export interface UsageReport {
  since: string;
  collections: Record<string, { reads: number; writes: number; deletes: number }>;
  totals: { reads: number; writes: number; deletes: number };
}

/** What the rules engine is asked about one access. */
export interface AccessRequest {
  ctx: CallContext;
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  /** Document path relative to `/documents` (e.g. `users/abc`); for list, the collection path. */
  path: string;
  /** For list: the StructuredQuery (rules are judged as constraints on it, not as filters). */
  query?: v1.StructuredQuery;
  /** For list over a collection group: true. */
  collectionGroup?: boolean;
  /** The stored document before the access (get, update, delete), or null. */
  resource: v1.Document | null;
  /** The document as it would be after the write (create, update). */
  requestResource?: v1.Document | null;
  /** Reads for get()/exists() (state before the batch) and getAfter()/existsAfter(). */
  readBefore(path: string): v1.Document | null;
  readAfter(path: string): v1.Document | null;
  /**
   * One object shared by every write of a transaction or multi-write commit, so the rules'
   * document-read limit applies per batch (20) instead of per single-document request (10).
   */
  batch?: object;
}

/** Implemented by the rules engine; the default allows everything, like open rules. */
export interface Authorizer {
  /** Throws FirestoreApiError(PERMISSION_DENIED, ...) to deny. */
  authorize(request: AccessRequest): void;
}
