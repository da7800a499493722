import type { Order } from '../protocol/messages.js';
import { invalid } from './errors.js';
import { parseFieldPath } from './paths.js';
import type { Database } from './store.js';

/** Helpers of ListDocuments and ListCollectionIds. */

/** Ids of collections directly under a document (or the root) that hold documents at any depth. */
export function childCollectionIds(db: Database, parentPath: string): string[] {
  const ids = new Set<string>();
  const prefix = parentPath === '' ? '' : parentPath + '/';
  for (const [path, docs] of db.collections) {
    if (docs.size === 0 || !path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    ids.add(slash === -1 ? rest : rest.slice(0, slash));
  }
  return [...ids].sort();
}

/** Paths of documents in a collection that do not exist but have subcollections with documents. */
export function missingParents(db: Database, collectionPath: string): string[] {
  const out = new Set<string>();
  const prefix = collectionPath + '/';
  for (const [path, docs] of db.collections) {
    if (docs.size === 0 || !path.startsWith(prefix)) continue;
    const id = path.slice(prefix.length).split('/')[0]!;
    const docPath = prefix + id;
    if (!db.get(docPath)) out.add(docPath);
  }
  return [...out];
}

/** ListDocuments' order clause, e.g. `priority desc, __name__`. */
export function parseOrderClause(clause: string, what: string): Order[] {
  if (clause.trim() === '') return [];
  return clause.split(',').map((part) => {
    const m = /^\s*(\S+)(?:\s+(asc|desc))?\s*$/i.exec(part);
    if (!m) throw invalid(`${what}: invalid orderBy '${clause}'`);
    parseFieldPath(m[1], `${what}: orderBy`);
    return {
      field: { fieldPath: m[1] },
      direction: m[2]?.toLowerCase() === 'desc' ? 'DESCENDING' : 'ASCENDING',
    };
  });
}

export function encodePageToken(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64');
}

export function decodePageToken(token: unknown, what: string): number {
  const m =
    typeof token === 'string' ? /^o:(\d+)$/.exec(Buffer.from(token, 'base64').toString()) : null;
  if (!m) throw invalid(`${what}: invalid pageToken`);
  return Number(m[1]);
}
