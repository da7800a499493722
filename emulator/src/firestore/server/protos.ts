import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';
import type { FirestoreRpcs } from '../protocol/messages.js';

/**
 * The Firestore v1 service definitions, loaded at start from the descriptor that
 * @google-cloud/firestore ships (build/protos/v1.json), so the protos are never copied here.
 */
export interface FirestoreProtos {
  root: protobuf.Root;
  service: protobuf.Service;
  /** Methods by name (`Commit`, `RunQuery`, ...). */
  methods: Map<string, protobuf.Method>;
  type(name: string): protobuf.Type;
}

export const SERVICE_NAME = 'google.firestore.v1.Firestore';

let loaded: FirestoreProtos | undefined;

export function loadFirestoreProtos(): FirestoreProtos {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const descriptorPath = require.resolve('@google-cloud/firestore/build/protos/v1.json');
  const root = protobuf.Root.fromJSON(JSON.parse(readFileSync(descriptorPath, 'utf8')));
  addVerifyWrite(root);
  root.resolveAll();
  const service = root.lookupService(SERVICE_NAME);
  const methods = new Map(Object.values(service.methods).map((m) => [m.name, m]));
  const types = new Map<string, protobuf.Type>();
  loaded = {
    root,
    service,
    methods,
    type(name) {
      let type = types.get(name);
      if (!type) {
        type = root.lookupType(name.includes('.') ? name : `google.firestore.v1.${name}`);
        types.set(name, type);
      }
      return type;
    },
  };
  return loaded;
}

/**
 * The web SDK checks documents a transaction read but did not write with `Write.verify`
 * (field 5, a document name), which the server-side protos shipped with @google-cloud/firestore
 * leave out; without it the field would be dropped and the write look empty.
 */
function addVerifyWrite(root: protobuf.Root): void {
  const write = root.lookupType('google.firestore.v1.Write');
  if (write.fields.verify) return;
  const verify = new protobuf.Field('verify', 5, 'string');
  write.add(verify);
  write.oneofs.operation!.add(verify);
}

export type RpcName = keyof FirestoreRpcs;

/**
 * A message type of the descriptor tagged with the TypeScript type of its proto3 JSON form
 * (protocol/messages.ts, generated from this descriptor), so decoding with it yields that type.
 */
export interface MessageType<T> {
  readonly proto: protobuf.Type;
  /** Never set: carries T. */
  readonly message?: T;
}

/** The request and response types of a method, resolved. */
export function methodTypes<M extends RpcName>(
  name: M,
): {
  request: MessageType<FirestoreRpcs[M]['request']>;
  response: MessageType<FirestoreRpcs[M]['response']>;
} {
  const protos = loadFirestoreProtos();
  const method = protos.methods.get(name)!;
  return {
    request: { proto: method.resolvedRequestType ?? protos.type(method.requestType) },
    response: { proto: method.resolvedResponseType ?? protos.type(method.responseType) },
  };
}

export function isRpcName(name: string): name is RpcName {
  return loadFirestoreProtos().methods.has(name);
}
