import type { FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase/firestore';

/** A Firestore filter as plain data, so role scoping and filters are tested without Firebase. */
export interface WhereSpec {
  field: string;
  op: '==' | '>=' | '<=' | '<' | 'array-contains' | 'array-contains-any' | 'in';
  value: string | boolean | Date | string[];
}

/** A document as the console reads it: the entity's fields and its id. */
export type WithId<T> = T & { id: string };

/** A document of a list page, as read (its raw fields give a page boundary its exact values). */
export type Cursor = QueryDocumentSnapshot;

/**
 * A page boundary as plain values (it goes in the URL): the order field's value of a row, to the
 * nanosecond, and the row's id, which breaks ties. `after` reads the page that follows the row;
 * `before` the page that ends just before it.
 */
export interface PageBoundary {
  side: 'after' | 'before';
  seconds: number;
  nanoseconds: number;
  id: string;
}

/**
 * A page boundary on a text order field (a name, lower-cased): the row's value and its id. Kept
 * in the screen's state, not the URL.
 */
export interface TextPageBoundary {
  side: 'after' | 'before';
  text: string;
  id: string;
}

/** A row of a live list: the document id, its data and the snapshot (a pagination cursor). */
export type Row<T> = WithId<T> & { snapshot: Cursor };

/**
 * What a screen reads, as data: the collection path, the filters, order, size and cursor. The
 * listener key is derived from it (`querySpecKey`), so two screens asking for the same thing share
 * one listener and a changed spec always means a new listener.
 */
export interface QuerySpec<T> {
  /** Collection path segments (a sub-collection: parent collection, id, child collection). */
  path: readonly string[];
  converter: FirestoreDataConverter<WithId<T>>;
  wheres: readonly WhereSpec[];
  orderBy?: { field: string; direction: 'asc' | 'desc' };
  limit?: number;
  /** Where the page starts or ends, as values (ordered by the order field, then document id). */
  boundary?: PageBoundary | TextPageBoundary | null;
}

/** One document, as data. */
export interface DocSpec<T> {
  path: readonly string[];
  converter: FirestoreDataConverter<WithId<T>>;
}

function valueKey(value: WhereSpec['value']): string {
  return value instanceof Date ? `date:${value.toISOString()}` : JSON.stringify(value);
}

/** The listener key of a query: every part of the spec that changes what it returns. */
export function querySpecKey(spec: QuerySpec<unknown>): string {
  const wheres = spec.wheres.map((w) => `${w.field} ${w.op} ${valueKey(w.value)}`).join(' & ');
  const order = spec.orderBy ? ` order ${spec.orderBy.field} ${spec.orderBy.direction}` : '';
  const size = spec.limit !== undefined ? ` limit ${spec.limit}` : '';
  const b = spec.boundary;
  const at = b && ('text' in b ? JSON.stringify(b.text) : `${b.seconds}.${b.nanoseconds}`);
  const boundary = b ? ` ${b.side} ${at} ${b.id}` : '';
  return `query ${spec.path.join('/')} [${wheres}]${order}${size}${boundary}`;
}

export function docSpecKey(spec: DocSpec<unknown>): string {
  return `doc ${spec.path.join('/')}`;
}
