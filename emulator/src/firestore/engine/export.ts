import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { invalid, isObject } from './errors.js';
import { parseDocumentName } from './paths.js';
import { makeDoc, type Database, type Store, type StoredDoc } from './store.js';
import { timestampToMicros } from './time.js';
import { normalizeFields } from './values.js';

/**
 * Export format (version 1), written into the export directory:
 * - `firestore_export.overall_export_metadata`: `{"format": "campus-safety-firestore", "version": 1,
 *   "documents": "documents.json"}` (the file name firebase-tools records for a Firestore export);
 * - `documents.json`: `{"format", "version", "exportedAt", "databases": [{"projectId", "databaseId",
 *   "documents": [{"name", "fields", "createTime", "updateTime"}]}]}` where fields are proto3 JSON
 *   values as the API returns them: int64 as decimal strings, doubles as numbers with "NaN",
 *   "Infinity", "-Infinity" and "-0" as strings, bytes as base64, timestamps as RFC 3339 strings
 *   with nanoseconds. Importing replaces the contents of every database present in the file.
 */
const FORMAT = 'campus-safety-firestore';
const VERSION = 1;
export const METADATA_FILE = 'firestore_export.overall_export_metadata';
const DOCUMENTS_FILE = 'documents.json';

export async function exportStore(store: Store, directory: string): Promise<void> {
  try {
    await writeExport(store, directory);
  } catch (e) {
    throw invalid(`Cannot export to ${directory}: ${(e as Error).message}`);
  }
}

async function writeExport(store: Store, directory: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  const databases = [...store.databases.values()].map((db) => ({
    projectId: db.ref.projectId,
    databaseId: db.ref.databaseId,
    documents: [...db.allDocs()].map((d) => ({
      name: d.name,
      fields: d.fields,
      createTime: d.createTimeText,
      updateTime: d.updateTimeText,
    })),
  }));
  const body = JSON.stringify(
    { format: FORMAT, version: VERSION, exportedAt: new Date().toISOString(), databases },
    (key, value) => (key === 'doubleValue' && Object.is(value, -0) ? '-0' : value),
  );
  await writeFile(join(directory, DOCUMENTS_FILE), body);
  await writeFile(
    join(directory, METADATA_FILE),
    JSON.stringify({ format: FORMAT, version: VERSION, documents: DOCUMENTS_FILE }) + '\n',
  );
}

/**
 * Reads an export (the directory, or its metadata file) and replaces the databases it contains.
 * Everything is validated before anything is replaced. `replaced` is told what each database held.
 */
export async function importStore(
  store: Store,
  location: string,
  now: number,
  replaced: (db: Database, removed: StoredDoc[], added: StoredDoc[]) => void,
): Promise<void> {
  let directory = location;
  let parsed: unknown;
  try {
    if (!(await stat(location)).isDirectory()) directory = dirname(location);
    parsed = JSON.parse(await readFile(join(directory, DOCUMENTS_FILE), 'utf8'));
  } catch (e) {
    throw invalid(`Cannot import from ${directory}: ${(e as Error).message}`);
  }
  if (
    !isObject(parsed) ||
    parsed.format !== FORMAT ||
    parsed.version !== VERSION ||
    !Array.isArray(parsed.databases)
  ) {
    throw invalid(`Cannot import from ${directory}: not a ${FORMAT} export (version ${VERSION})`);
  }
  const loaded = parsed.databases.map((entry, i) => {
    if (
      !isObject(entry) ||
      typeof entry.projectId !== 'string' ||
      typeof entry.databaseId !== 'string' ||
      !Array.isArray(entry.documents)
    ) {
      throw invalid(`Cannot import: databases[${i}] is malformed`);
    }
    const ref = { projectId: entry.projectId, databaseId: entry.databaseId };
    const docs = entry.documents.map((d, j) => {
      const where = `Cannot import: databases[${i}].documents[${j}]`;
      if (!isObject(d)) throw invalid(`${where} is malformed`);
      const name = parseDocumentName(d.name, where);
      if (name.projectId !== ref.projectId || name.databaseId !== ref.databaseId)
        throw invalid(`${where} belongs to another database`);
      const fields = normalizeFields(d.fields ?? {}, '');
      return makeDoc(
        String(d.name),
        name.path,
        fields,
        timestampToMicros(d.createTime, where),
        timestampToMicros(d.updateTime, where),
      );
    });
    return { ref, docs };
  });
  for (const { ref, docs } of loaded) {
    const db = store.database(ref);
    const removed = [...db.allDocs()];
    db.clear(now);
    for (const d of docs) db.put(d.path, d, now);
    replaced(db, removed, docs);
  }
}
