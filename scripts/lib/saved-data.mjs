/**
 * Which Firestore engine wrote the saved data in .emulator-data. The two engines' exports are
 * not interchangeable (ours is JSON, the official one LevelDB records), and importing one into
 * the other would start with an empty or broken database; the start stops with what to do instead.
 * The export itself says which engine wrote it: ours names its format in the metadata file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const OWN_FORMAT = 'campus-safety-firestore';

/** @returns {'own'|'official'|null} null when there is no Firestore export in `dataDir`. */
export function savedFirestoreEngine(dataDir) {
  const file = join(dataDir, 'firebase-export-metadata.json');
  if (!existsSync(file)) return null;
  const metadata = JSON.parse(readFileSync(file, 'utf8')).firestore;
  if (!metadata?.metadata_file) return null;
  // Relative to the export directory, as firebase-tools resolves it on import.
  const exportMetadata = join(dataDir, metadata.metadata_file);
  if (!existsSync(exportMetadata)) return null;
  try {
    const parsed = JSON.parse(readFileSync(exportMetadata, 'utf8'));
    return parsed?.format === OWN_FORMAT ? 'own' : 'official';
  } catch {
    return 'official';
  }
}

const LABEL = { own: "the project's own", official: 'the official' };

/** Null when `engine` can import what is saved, else the message that stops the start. */
export function savedDataConflict(dataDir, engine) {
  const saved = savedFirestoreEngine(dataDir);
  if (!saved || saved === engine) return null;
  return (
    `The saved data in ${dataDir} was written by ${LABEL[saved]} Firestore emulator, and ` +
    `${LABEL[engine]} one cannot import it.\n` +
    `  npm start -- --firestore ${saved}   keeps using the saved data\n` +
    `  npm start -- --fresh                starts from the seed data (the saved data is replaced on exit)`
  );
}
