import type { FirestoreRpcs } from '../protocol/messages.js';
import type { CallContext, FirestoreService, StreamSession, StreamSink } from '../service.js';
import { methodTypes, type MessageType } from './protos.js';

type UnaryName = Exclude<keyof FirestoreRpcs, 'Write' | 'Listen' | 'PartitionQuery'>;

/**
 * How each unary or server-streaming RPC maps onto the engine: the request decoded at the edge
 * (proto-json.ts) in, the response (or, streaming, every response) out.
 */
type UnaryCall<M extends UnaryName> = (
  service: FirestoreService,
  ctx: CallContext,
  request: FirestoreRpcs[M]['request'],
) => Promise<FirestoreRpcs[M]['response'] | FirestoreRpcs[M]['response'][]>;

const empty = async (result: Promise<void>): Promise<Record<string, never>> => {
  await result;
  return {};
};

const UNARY: { [M in UnaryName]: UnaryCall<M> } = {
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

/** A request of some unary RPC, as the transports hold it before dispatch by method name. */
export type AnyUnaryRequest = FirestoreRpcs[UnaryName]['request'];
export type AnyUnaryResponse = FirestoreRpcs[UnaryName]['response'];

/** A unary RPC: its message types (to decode the request and encode responses) and its call. */
export interface UnaryRpc {
  types: { request: MessageType<AnyUnaryRequest>; response: MessageType<AnyUnaryResponse> };
  call(
    service: FirestoreService,
    ctx: CallContext,
    request: AnyUnaryRequest,
  ): Promise<AnyUnaryResponse | AnyUnaryResponse[]>;
}

/** The unary RPC of that name, if the emulator serves it. */
export function unaryRpc(name: string): UnaryRpc | undefined {
  if (!Object.hasOwn(UNARY, name)) return undefined;
  const method = name as UnaryName;
  // The request is decoded with this method's own type (types.request), so it is the one the
  // call takes; TypeScript cannot follow that through a name known only at run time.
  return { types: methodTypes(method), call: UNARY[method] as UnaryRpc['call'] };
}

/** A bidirectional stream (Write, Listen): its message types and how the engine opens it. */
export interface StreamRpc<M extends 'Write' | 'Listen'> {
  types: {
    request: MessageType<FirestoreRpcs[M]['request']>;
    response: MessageType<FirestoreRpcs[M]['response']>;
  };
  open(
    service: FirestoreService,
    ctx: CallContext,
    sink: StreamSink<FirestoreRpcs[M]['response']>,
  ): StreamSession<FirestoreRpcs[M]['request']>;
}

const STREAMS: { [M in 'Write' | 'Listen']: StreamRpc<M>['open'] } = {
  Write: (s, c, sink) => s.openWrite(c, sink),
  Listen: (s, c, sink) => s.openListen(c, sink),
};

export function streamRpc<M extends 'Write' | 'Listen'>(name: M): StreamRpc<M> {
  return { types: methodTypes(name), open: STREAMS[name] };
}
