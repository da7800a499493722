/**
 * The seed's placeholder app build: a real ZIP archive (what every APK is) of a few kilobytes, so
 * the server's file check (functions/src/services/file-checks.ts) offers it on /download like a
 * real build. Entries are stored uncompressed; nothing here runs on a phone.
 */
import { crc32 } from 'node:zlib';

function u16(value) {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
}
function u32(value) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
}

/** A ZIP archive of `entries` ({name, content: Buffer}), method "stored", no timestamps. */
export function storedZip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, content } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const sums = [u32(crc32(content)), u32(content.length), u32(content.length)];
    const common = [u16(20), u16(0), u16(0), u16(0), u16(0x21), ...sums, u16(fileName.length)];
    const local = Buffer.concat([u32(0x04034b50), ...common, u16(0), fileName, content]);
    const central = Buffer.concat([
      u32(0x02014b50),
      u16(20),
      ...common,
      u16(0),
      u16(0),
      u16(0),
      u16(0),
      u32(0),
      u32(offset),
      fileName,
    ]);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
}

/** The demo build of `version`: a manifest and a notice, over the server's 4 KiB minimum. */
export function demoReleaseBuild(version) {
  const notice = `Campus Safety app ${version} (demo build for the local emulators)\n`.repeat(64);
  return storedZip([
    {
      name: 'AndroidManifest.xml',
      content: Buffer.from(
        `<?xml version="1.0" encoding="utf-8"?>\n<manifest package="test.campus.safety" android:versionName="${version}"/>\n`,
      ),
    },
    { name: 'assets/README.txt', content: Buffer.from(notice) },
  ]);
}
