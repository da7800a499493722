import type { Document } from '../protocol/messages.js';
import type { AccessRequest, Authorizer, CallContext } from '../service.js';
import { FirestoreApiError, GrpcCode } from '../service.js';
import type { DatabaseRef } from './paths.js';
import { documentJson, type Database, type StoredDoc } from './store.js';

/** Asks the rules engine about non-owner accesses; owners and unconfigured engines skip it. */
export class AccessControl {
  authorizer: Authorizer | null = null;

  /** Whether this caller's accesses must be checked at all. */
  applies(ctx: CallContext): boolean {
    return this.authorizer !== null && ctx.caller.kind !== 'owner';
  }

  check(
    ctx: CallContext,
    db: Database,
    request: Omit<AccessRequest, 'ctx' | 'readBefore' | 'readAfter'> & {
      readAfter?: (path: string) => StoredDoc | null;
    },
  ): void {
    if (!this.authorizer || ctx.caller.kind === 'owner') return;
    const readBefore = (path: string): Document | null => docOrNull(db.get(stripRoot(db, path)));
    const after = request.readAfter;
    this.authorizer.authorize({
      ...request,
      ctx: contextFor(ctx, db.ref),
      readBefore,
      readAfter: after ? (path) => docOrNull(after(stripRoot(db, path))) : readBefore,
    });
  }
}

/** The caller's context, pointed at the database the request names. */
export function contextFor(ctx: CallContext, db: DatabaseRef): CallContext {
  return { ...ctx, projectId: db.projectId, databaseId: db.databaseId };
}

function docOrNull(doc: StoredDoc | null): Document | null {
  return doc ? documentJson(doc) : null;
}

/** Rules may ask with a full name, a rules path (`/databases/{db}/documents/...`) or a relative path. */
function stripRoot(db: Database, path: string): string {
  if (path.startsWith(db.root + '/')) return path.slice(db.root.length + 1);
  const rulesPath = /^\/?databases\/[^/]+\/documents\/(.*)$/.exec(path);
  return (rulesPath ? rulesPath[1]! : path).replace(/^\/+/, '');
}

/**
 * Methods with no rules equivalent (ListCollectionIds, BatchWrite) are admin-only in Firestore,
 * whatever the rules say: refused for every non-owner caller, as the official emulator does.
 */
export function requireAdmin(ctx: CallContext, message: string): void {
  if (ctx.caller.kind !== 'owner') throw new FirestoreApiError(GrpcCode.PERMISSION_DENIED, message);
}
