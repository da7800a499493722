/**
 * Which firestore.indexes.json `--require-indexes` enforces, loading it, and reloading it when it
 * changes (a broken edit keeps the last good indexes in force).
 */
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { parseIndexFile, type IndexConfig } from '../engine/index-config.js';

export interface IndexesFileChoice {
  file: string;
  /** How it was found, for the start log. */
  reason: string;
}

export class IndexesFileError extends Error {}

/** The indexes file firebase.json names (its `firestore` entry, or the default database's). */
function fromFirebaseJson(firebaseJson: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(firebaseJson, 'utf8'));
  } catch (error) {
    throw new IndexesFileError(`cannot read ${firebaseJson}: ${(error as Error).message}`);
  }
  const firestore = (json as { firestore?: unknown } | null)?.firestore;
  const entries = Array.isArray(firestore) ? firestore : [firestore];
  const entry = (entries.find(
    (e) => typeof e === 'object' && e !== null && (e.database ?? '(default)') === '(default)',
  ) ?? null) as { indexes?: unknown } | null;
  if (typeof entry?.indexes !== 'string' || entry.indexes === '') return null;
  return resolve(dirname(firebaseJson), entry.indexes);
}

/**
 * `--indexes`, else FIRESTORE_EMULATOR_INDEXES, else what firebase.json names (firebase.json in
 * the working directory, then beside the rules file, as firebase-tools passes `--rules` absolute).
 */
export function findIndexesFile(options: {
  flag: string | null;
  env: NodeJS.ProcessEnv;
  cwd: string;
  rules: string | null;
}): IndexesFileChoice | null {
  if (options.flag) return { file: resolve(options.cwd, options.flag), reason: '--indexes' };
  const fromEnv = options.env.FIRESTORE_EMULATOR_INDEXES;
  if (fromEnv) return { file: resolve(options.cwd, fromEnv), reason: 'FIRESTORE_EMULATOR_INDEXES' };
  const places = [
    options.cwd,
    ...(options.rules ? [dirname(resolve(options.cwd, options.rules))] : []),
  ];
  for (const dir of places) {
    const firebaseJson = resolve(dir, 'firebase.json');
    if (!existsSync(firebaseJson)) continue;
    const file = fromFirebaseJson(firebaseJson);
    if (file) return { file, reason: `named by ${firebaseJson}` };
  }
  return null;
}

export function loadIndexesFile(file: string): IndexConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new IndexesFileError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return parseIndexFile(text);
  } catch (error) {
    throw new IndexesFileError(`${file}: ${(error as Error).message}`);
  }
}

const RELOAD_DEBOUNCE_MS = 150;

/**
 * Watches the file's directory (editors often replace a file rather than write it) and applies
 * each good new version; a broken one is logged and the last good one stays in force.
 */
export function watchIndexesFile(
  file: string,
  apply: (config: IndexConfig) => void,
  log: (line: string) => void,
): { close(): void } {
  let timer: NodeJS.Timeout | null = null;
  let lastText = existsSync(file) ? readFileSync(file, 'utf8') : null;
  const reload = (): void => {
    timer = null;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      log(`Indexes not reloaded (keeping the last good ones): ${(error as Error).message}`);
      return;
    }
    if (text === lastText) return;
    lastText = text;
    try {
      const config = parseIndexFile(text);
      apply(config);
      log(`Reloaded indexes from ${file} (${describe(config)}).`);
    } catch (error) {
      log(
        `Indexes not reloaded (keeping the last good ones): ${file}: ${(error as Error).message}`,
      );
    }
  };
  let watcher: FSWatcher;
  try {
    watcher = watch(dirname(file), (_event, name) => {
      if (name !== null && name !== basename(file)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(reload, RELOAD_DEBOUNCE_MS);
    });
  } catch (error) {
    log(`Cannot watch ${file} for changes: ${(error as Error).message}`);
    return { close: () => undefined };
  }
  watcher.on('error', (error) => log(`Stopped watching ${file}: ${error.message}`));
  watcher.unref();
  return {
    close: () => {
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}

export function describe(config: IndexConfig): string {
  return `${config.composites.length} composite indexes, ${config.overrides.length} field overrides`;
}
