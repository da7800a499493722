/**
 * Saved data that survives a crash: the stack exports through the Emulator Hub (the endpoint
 * `firebase emulators:export` uses) every minute and on exit, so a killed emulator loses at most
 * the last interval. Every save is atomic: the Hub exports into `<data>.next`, which is complete
 * once its metadata file exists (the Hub writes it last, then renames its own temp dir there);
 * only then is it swapped in by renames. A crash at any point leaves either the old or the new
 * complete export, and `recoverSavedData` at the next start puts the newest complete one back.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

export const EXPORT_INTERVAL_MS = 60_000;
const METADATA_FILE = 'firebase-export-metadata.json';
/** The Hub can take a while for a large Storage export; past this the save is reported failed. */
const EXPORT_TIMEOUT_MS = 120_000;

export function stagingDirs(dataDir) {
  return { next: `${dataDir}.next`, previous: `${dataDir}.previous` };
}

/** A directory firebase-tools can import: the Hub writes the metadata file last. */
export function isCompleteExport(dir) {
  return existsSync(join(dir, METADATA_FILE));
}

const remove = (dir) => rmSync(dir, { recursive: true, force: true });

/**
 * After a crash: the newest complete export becomes the data directory (a finished `.next`, then
 * the data directory itself, then `.previous`), and leftovers are removed. Returns a line saying
 * what was recovered, or null when there was nothing to do.
 */
export function recoverSavedData(dataDir) {
  const { next, previous } = stagingDirs(dataDir);
  let recovered = null;
  for (const candidate of [next, dataDir, previous]) {
    if (!isCompleteExport(candidate)) continue;
    if (candidate !== dataDir) {
      remove(dataDir);
      renameSync(candidate, dataDir);
      recovered = `Recovered saved data from ${basename(candidate)} (a save had been interrupted).`;
    }
    break;
  }
  remove(next);
  remove(previous);
  return recovered;
}

function files(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) found.push(join(entry.parentPath ?? entry.path, entry.name));
  }
  return found.sort();
}

/**
 * A file's bytes for comparing exports: a JSON object's top-level `exportedAt` (our Firestore
 * emulator stamps each export with its time) is not data, so it is left out.
 */
function comparableBytes(file) {
  const bytes = readFileSync(file);
  if (bytes[0] !== 0x7b /* { */) return bytes;
  try {
    const { exportedAt, ...rest } = JSON.parse(bytes.toString('utf8'));
    return exportedAt === undefined ? bytes : Buffer.from(JSON.stringify(rest));
  } catch {
    return bytes;
  }
}

/**
 * Firestore's export metadata files describe the export, not the data: the official emulator's
 * `*.export_metadata` hold the export's start and end times, and the data itself is in the
 * other files, so they are left out of the comparison.
 */
const DESCRIBES_EXPORT = /export_metadata$/;

/** Content digest of an export (paths and data), to tell an unchanged save from a new one. */
export function digestExport(dir) {
  const hash = createHash('sha256');
  for (const file of files(dir).filter((f) => !DESCRIBES_EXPORT.test(f))) {
    hash.update(`${relative(dir, file)}\0`);
    hash.update(comparableBytes(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function exportSize(dir) {
  return files(dir).reduce((sum, file) => sum + statSync(file).size, 0);
}

/** The emulators an export holds, from its metadata: "Firestore, Auth, Storage". */
function exportedEmulators(dir) {
  const metadata = JSON.parse(readFileSync(join(dir, METADATA_FILE), 'utf8'));
  const names = { firestore: 'Firestore', auth: 'Auth', storage: 'Storage', database: 'Database' };
  return Object.keys(names)
    .filter((key) => metadata[key])
    .map((key) => names[key])
    .join(', ');
}

/** Asks the Emulator Hub to export every running emulator's data into `path`. */
export async function exportThroughHub(hubHost, path) {
  const response = await fetch(`http://${hubHost}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, initiatedBy: 'campus-safety-stack' }),
    signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
  });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new Error(
      `the Emulator Hub's export failed: ${body.message ?? `HTTP ${response.status}`}`,
    );
  }
}

/**
 * One atomic save. Resolves with `{ changed: false }` when the export equals the saved data
 * (nothing is swapped), or `{ changed: true, emulators, bytes }`; `ms` is the export's time.
 * A failed or incomplete export rejects and leaves the saved data as it was.
 */
export async function saveData({ hubHost, dataDir, exporter = exportThroughHub }) {
  const { next, previous } = stagingDirs(dataDir);
  remove(next);
  const started = performance.now();
  try {
    await exporter(hubHost, next);
    if (!isCompleteExport(next)) throw new Error('the export is incomplete (no metadata file)');
  } catch (error) {
    remove(next);
    throw error;
  }
  const ms = performance.now() - started;
  if (isCompleteExport(dataDir) && digestExport(next) === digestExport(dataDir)) {
    remove(next);
    return { changed: false, ms };
  }
  remove(previous);
  if (existsSync(dataDir)) renameSync(dataDir, previous);
  renameSync(next, dataDir);
  remove(previous);
  return { changed: true, ms, emulators: exportedEmulators(dataDir), bytes: exportSize(dataDir) };
}

/**
 * The Hub exports into a temp dir of its own in its working directory (`firebase-export-<ms>…`,
 * renamed into place when done); one killed mid-export is left there. Called before a start.
 */
export function removeHubLeftovers(root) {
  for (const name of readdirSync(root)) {
    if (/^firebase-export-\d+/.test(name)) remove(join(root, name));
  }
}

export function describeSave(dataDir, { emulators, bytes, ms }, at = new Date()) {
  const time = at.toTimeString().slice(0, 8);
  const size =
    bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;
  return `[saved] ${basename(dataDir)} at ${time}: ${emulators}, ${size} in ${(ms / 1000).toFixed(1)} s`;
}

/**
 * Saves every `intervalMs` while the stack runs, printing one line per save that changed
 * something (an unchanged minute prints nothing). `saveNow()` runs one more save after any in
 * progress (for the exit); `lastSaved` is when the saved data was last known current.
 */
export function startPeriodicExport({
  hubHost,
  dataDir,
  log,
  intervalMs = EXPORT_INTERVAL_MS,
  exporter = exportThroughHub,
}) {
  let inFlight = Promise.resolve();
  let lastSaved = null;
  let stopped = false;
  const save = () => {
    // A failed save does not stop the next one.
    inFlight = inFlight
      .catch(() => {})
      .then(async () => {
        const result = await saveData({ hubHost, dataDir, exporter });
        lastSaved = new Date();
        if (result.changed) log(describeSave(dataDir, result, lastSaved));
        return result;
      });
    return inFlight;
  };
  const timer = setInterval(() => {
    if (stopped) return;
    save().catch((error) => {
      if (!stopped) log(`[saved] not saved: ${error.message}`);
    });
  }, intervalMs);
  timer.unref();
  return {
    get lastSaved() {
      return lastSaved;
    },
    /** Stops the timer and waits for a save in progress. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight.catch(() => {});
    },
    saveNow: save,
  };
}
