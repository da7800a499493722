import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import exifr from 'exifr';
import { decode } from 'jpeg-js';
import {
  COLLECTIONS,
  LIMITS,
  MEDIA_COPIES,
  MEDIA_DISPLAY_EDGE,
  MEDIA_THUMB_WIDTH,
  STORAGE_PATHS,
  fileCheckId,
  mediaFileName,
  newMediaId,
  parseMediaUploadPath,
} from '@campus-safety/model';
import type { DocumentReference } from 'firebase-admin/firestore';
import {
  PHOTO_PLACE,
  VIDEO_PLACE,
  flatPng,
  gifBomb,
  jpegScanBomb,
  jpegWithGps,
  mp4WithLocation,
  mp4WithLocationEverywhere,
  transparentGif,
  uncopiedRecordings,
  walkBoxes,
  wavWithLocationEverywhere,
} from './media-files';
import {
  MEDIA_CHECK_BUDGET_MS,
  UNCHECKED_MEDIA,
  sweepUncheckedMedia,
} from '../../src/services/incident-media';
import {
  TRIGGER_BOUND_MS,
  bucket,
  db,
  docData,
  reportFiledBy,
  reporter,
  staffMember,
  timelineOf,
  waitFor,
  waitForLogs,
} from './stack';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const exists = async (path: string) => (await bucket.file(path).exists())[0];
const download = async (path: string) => (await bucket.file(path).download())[0];

/** Uploads as a client would (the rules are tested in test/rules) and waits for the verdict. */
async function uploaded(path: string, bytes: Buffer, contentType: string) {
  await bucket.file(path).save(bytes, { contentType, resumable: false });
  const { incidentId, mediaId } = parseMediaUploadPath(path)!;
  return (await waitFor(
    () => docData(`${COLLECTIONS.incidentReports}/${incidentId}/${COLLECTIONS.media}/${mediaId}`),
    (d) => !!d,
  ))!;
}

/** A JPEG, PNG or GIF with the place in every metadata spot its format has, for the copies. */
function photosWithPlaceEverywhere() {
  const place = `${PHOTO_PLACE.latitude},${PHOTO_PLACE.longitude}`;
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const xmp = Buffer.from(
    `http://ns.adobe.com/xap/1.0/\0<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="14,30.0N" exif:GPSLongitude="121,15.0E"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`,
    'latin1',
  );
  // 800 × 600: no scaling for the display copy, the path where EXIF used to survive.
  const exifJpeg = jpegWithGps(800, 600);
  const jpeg = Buffer.concat([
    exifJpeg.subarray(0, 2),
    exifJpeg.subarray(2, 4 + exifJpeg.readUInt16BE(4)), // the EXIF APP1 with GPS
    segment(0xe1, xmp),
    segment(0xfe, Buffer.from(`Taken at home, ${place}`)),
    exifJpeg.subarray(4 + exifJpeg.readUInt16BE(4)),
  ]);
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
    return Buffer.concat([head, body, crc]);
  };
  const flat = flatPng(640, 480, [10, 20, 30, 255]);
  const png = Buffer.concat([
    flat.subarray(0, 33), // signature and IHDR
    chunk('tEXt', Buffer.from(`Location\0${place}`, 'latin1')),
    chunk(
      'iTXt',
      Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), xmp.subarray(29)]),
    ),
    chunk('eXIf', exifJpeg.subarray(10, 4 + exifJpeg.readUInt16BE(4))),
    flat.subarray(33),
  ]);
  const plain = transparentGif(400, 200);
  const gif = Buffer.concat([
    plain.subarray(0, plain.length - 1),
    Buffer.from([0x21, 0xfe, place.length]),
    Buffer.from(place),
    Buffer.from([0, 0x3b]),
  ]);
  return {
    place,
    cases: [
      { bytes: jpeg, type: 'image/jpeg' },
      { bytes: png, type: 'image/png' },
      { bytes: gif, type: 'image/gif' },
    ],
  };
}

/** The JPEG marker segments before the image data, by an independent walk (APPn, COM, …). */
function jpegMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff;) {
    const marker = jpeg[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return markers;
}

describe('incident media (Storage trigger)', () => {
  it('a reporter’s photo: SHA-256 of the original, a thumbnail and a display copy with no GPS, no uid of an anonymous reporter', async () => {
    const filer = await reporter();
    const incident = await reportFiledBy(filer, { anonymous: true, reporterId: null, email: null });
    const photo = jpegWithGps();
    assert.deepEqual(
      await exifr.gps(photo).then((g) => [g.latitude.toFixed(2), g.longitude.toFixed(2)]),
      [PHOTO_PLACE.latitude.toFixed(2), PHOTO_PLACE.longitude.toFixed(2)],
      'the fixture carries GPS',
    );
    const mediaId = newMediaId();
    const path = STORAGE_PATHS.reporterMedia(incident.id, mediaId, mediaFileName('image/jpeg'));
    const media = await uploaded(path, photo, 'image/jpeg');

    assert.equal(media.state, 'ready', media.reason);
    assert.deepEqual(
      { side: media.side, by: media.by, kind: media.kind, contentType: media.contentType },
      { side: 'reporter', by: null, kind: 'image', contentType: 'image/jpeg' },
    );
    assert.equal(media.sha256, sha256(photo));
    assert.equal(media.size, photo.length);
    assert.deepEqual([media.width, media.height], [2400, 1200]);
    assert.equal(media.originalPath, path);
    assert.equal(
      media.thumbPath,
      STORAGE_PATHS.mediaCopy(incident.id, mediaId, MEDIA_COPIES.thumb),
    );
    assert.equal(JSON.stringify(media).includes(filer.uid), false);

    const display = await download(media.displayPath);
    const thumb = await download(media.thumbPath);
    for (const copy of [display, thumb]) {
      assert.equal(await exifr.gps(copy), undefined, 'a copy kept GPS');
      assert.equal(await exifr.parse(copy), undefined, 'a copy kept EXIF');
    }
    const size = (jpeg: Buffer) => {
      const { width, height } = decode(jpeg);
      return [width, height];
    };
    assert.deepEqual(size(display), [MEDIA_DISPLAY_EDGE, MEDIA_DISPLAY_EDGE / 2]);
    assert.deepEqual(size(thumb), [MEDIA_THUMB_WIDTH, MEDIA_THUMB_WIDTH / 2]);
    assert.equal(sha256(await download(path)), sha256(photo), 'the original is kept as it was');

    const entry = (await timelineOf(incident.path)).find((e) => e.kind === 'media-added');
    assert.ok(entry, 'no timeline entry');
    assert.equal(entry.actor.uid, null);
    assert.equal(entry.detail, 'Photo added by the reporter');
  });

  it('a staff upload names its uploader from the profile', async () => {
    const filer = await reporter();
    const incident = await reportFiledBy(filer);
    const imt = await staffMember('Ivy', 'Medina');
    const path = STORAGE_PATHS.staffMedia(
      incident.id,
      imt.id,
      newMediaId(),
      mediaFileName('image/jpeg'),
    );
    const media = await uploaded(path, jpegWithGps(400, 300), 'image/jpeg');
    assert.equal(media.state, 'ready', media.reason);
    assert.deepEqual(media.by, { uid: imt.id, name: 'Ivy Medina' });
    assert.deepEqual([media.width, media.height], [400, 300]);
  });

  it('quarantines a disguised file with a reason: a program named .jpg, a web page sent as video', async () => {
    const incident = await reportFiledBy(await reporter());
    const cases = [
      {
        bytes: Buffer.concat([Buffer.from('MZ\x90\0', 'latin1'), Buffer.alloc(2000, 1)]),
        type: 'image/jpeg',
        reason: /Windows program/,
      },
      {
        bytes: Buffer.from('<!DOCTYPE html><html><script>steal()</script></html>'),
        type: 'video/mp4',
        reason: /web page or script/,
      },
      { bytes: mp4WithLocation(), type: 'image/png', reason: /MP4 file, not the image/ },
    ];
    for (const c of cases) {
      const mediaId = newMediaId();
      const path = STORAGE_PATHS.reporterMedia(incident.id, mediaId, mediaFileName(c.type));
      const media = await uploaded(path, c.bytes, c.type);
      assert.equal(media.state, 'quarantined');
      assert.match(media.reason, c.reason);
      assert.equal(media.sha256, sha256(c.bytes));
      assert.equal(media.thumbPath, undefined);
      assert.equal(await exists(path), false, 'still served from its path');
      assert.equal(await exists(`quarantine/${path}`), true);
      assert.equal(
        await exists(STORAGE_PATHS.mediaCopy(incident.id, mediaId, MEDIA_COPIES.displayImage)),
        false,
      );
    }
  });

  it('a PNG and a GIF photo get JPEG copies, transparency shown over white', async () => {
    const incident = await reportFiledBy(await reporter());
    const cases = [
      // Half-transparent black: over white it is mid grey.
      { bytes: flatPng(640, 480, [0, 0, 0, 128]), type: 'image/png', grey: 127 },
      { bytes: transparentGif(400, 200), type: 'image/gif', grey: 255 },
    ];
    for (const c of cases) {
      const path = STORAGE_PATHS.reporterMedia(incident.id, newMediaId(), mediaFileName(c.type));
      const media = await uploaded(path, c.bytes, c.type);
      assert.equal(media.state, 'ready', media.reason);
      assert.equal(media.contentType, c.type);
      const thumb = decode(await download(media.thumbPath));
      assert.equal(thumb.width, MEDIA_THUMB_WIDTH);
      for (const channel of thumb.data.subarray(0, 3))
        assert.ok(Math.abs(channel - c.grey) <= 2, `${c.type}: ${channel} is not ${c.grey}`);
    }
  });

  it('refuses a WebP photo sent as a JPEG, a declared WebP, and a photo over 50 megapixels, saying why', async () => {
    const incident = await reportFiledBy(await reporter());
    // A PNG header declaring 10000 × 8000 pixels: refused from its header, nothing decoded.
    const huge = flatPng(1, 1, [0, 0, 0, 255]);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(8_000, 20);
    const webp = Buffer.concat([
      Buffer.from('RIFF\x24\0\0\0WEBPVP8 \x18\0\0\0', 'latin1'),
      Buffer.alloc(24, 0x10),
    ]);
    const cases = [
      // The rules refuse a declared WebP; one sent as a JPEG reaches the decoder, which says why.
      { bytes: webp, type: 'image/jpeg', reason: /WebP photos cannot be processed/ },
      { bytes: webp, type: 'image/webp', reason: /Files of type image\/webp cannot be attached/ },
      { bytes: huge, type: 'image/png', reason: /10000 × 8000 pixels: at most 50 megapixels/ },
    ];
    for (const c of cases) {
      const path = STORAGE_PATHS.reporterMedia(incident.id, newMediaId(), mediaFileName(c.type));
      const media = await uploaded(path, c.bytes, c.type);
      assert.equal(media.state, 'quarantined');
      assert.match(media.reason, c.reason);
      assert.equal(await exists(`quarantine/${path}`), true);
    }
  });

  it('a video’s display copy has its location box blanked and plays from the same offsets', async () => {
    const incident = await reportFiledBy(await reporter());
    const video = mp4WithLocation();
    const path = STORAGE_PATHS.reporterMedia(incident.id, newMediaId(), mediaFileName('video/mp4'));
    const media = await uploaded(path, video, 'video/mp4');
    assert.equal(media.state, 'ready', media.reason);
    assert.equal(media.kind, 'video');
    assert.equal(media.contentType, 'video/mp4');
    const copy = await download(media.displayPath);
    assert.equal(copy.length, video.length);
    assert.equal(copy.includes(VIDEO_PLACE), false, 'the copy kept the location');
    assert.equal(copy.includes('\xa9xyz', 0, 'latin1'), false);
    assert.equal(copy.indexOf('mdat'), video.indexOf('mdat'));
    assert.ok((await download(path)).includes(VIDEO_PLACE), 'the original is kept as it was');
  });

  it('no copy of a JPEG, PNG or GIF keeps EXIF, XMP, a comment or text chunks, scaled or not', async () => {
    const incident = await reportFiledBy(await reporter());
    const { place, cases } = photosWithPlaceEverywhere();
    const jpeg = cases[0]!.bytes;
    assert.ok(await exifr.gps(jpeg), 'the JPEG fixture carries EXIF GPS');
    assert.ok((await exifr.parse(jpeg, { xmp: true }))?.GPSLatitude, 'and XMP');
    assert.ok(
      await exifr.parse(cases[1]!.bytes, { tiff: true, xmp: true }),
      'the PNG carries some',
    );
    for (const c of cases) {
      const path = STORAGE_PATHS.reporterMedia(incident.id, newMediaId(), mediaFileName(c.type));
      const media = await uploaded(path, c.bytes, c.type);
      assert.equal(media.state, 'ready', `${c.type}: ${media.reason}`);
      for (const copyPath of [media.displayPath, media.thumbPath]) {
        const copy = await download(copyPath);
        const what = `${c.type} ${copyPath.split('/').pop()}`;
        assert.equal(await exifr.gps(copy), undefined, `${what} kept GPS`);
        assert.equal(
          await exifr.parse(copy, { tiff: true, xmp: true, icc: true, iptc: true, jfif: false }),
          undefined,
          `${what} kept metadata`,
        );
        // Only the structure a JPEG needs: JFIF APP0, tables, frame, scan. No APP1–15, no COM.
        const markers = jpegMarkers(copy);
        assert.deepEqual(
          markers.filter((m) => (m >= 0xe1 && m <= 0xef) || m === 0xfe),
          [],
          `${what}: ${markers.map((m) => m.toString(16))}`,
        );
        assert.equal(copy.includes(place), false, `${what} kept the place as text`);
        assert.equal(copy.includes('xpacket'), false, `${what} kept XMP`);
      }
    }
  });

  for (const [type, handler, brand] of [
    ['video/mp4', 'vide', 'isom'],
    ['audio/mp4', 'soun', 'M4A '],
    ['video/quicktime', 'vide', 'qt  '],
  ] as const)
    it(`${type}: the copy keeps only listed boxes and the played track, read by the test’s own box walker`, async () => {
      const incident = await reportFiledBy(await reporter());
      const { file, played } = mp4WithLocationEverywhere(handler, brand);
      const path = STORAGE_PATHS.reporterMedia(incident.id, newMediaId(), mediaFileName(type));
      const media = await uploaded(path, file, type);
      assert.equal(media.state, 'ready', media.reason);
      assert.equal(media.contentType, type);
      const copy = await download(media.displayPath);
      assert.equal(copy.length, file.length);
      const boxes = walkBoxes(copy);
      const allowed = new Set([
        'ftyp',
        'moov',
        'mvhd',
        'trak',
        'tkhd',
        'mdia',
        'mdhd',
        'hdlr',
        'minf',
        'vmhd',
        'smhd',
        'dinf',
        'dref',
        'url ',
        'stbl',
        'stsd',
        'avc1',
        'stts',
        'stsc',
        'stsz',
        'stco',
        'mdat',
        'free',
      ]);
      assert.deepEqual(
        boxes.map((b) => b.type).filter((t) => !allowed.has(t)),
        [],
      );
      const tracks = boxes.filter((b) => b.type === 'trak');
      assert.equal(tracks.length, 1, 'the telemetry and text tracks are gone');
      const hdlr = boxes.find((b) => b.path.endsWith('/trak/mdia/hdlr'))!;
      assert.equal(copy.toString('latin1', hdlr.body + 8, hdlr.body + 12), handler);
      // Where the kept track's sample table says its samples are, the bytes are the original's.
      const stco = boxes.find((b) => b.type === 'stco')!;
      const offsets = [copy.readUInt32BE(stco.body + 8), copy.readUInt32BE(stco.body + 12)];
      assert.deepEqual(offsets, played);
      for (const at of offsets)
        assert.deepEqual(copy.subarray(at, at + 200), file.subarray(at, at + 200));
      for (const trace of [
        VIDEO_PLACE,
        '+14.5',
        'GPS5',
        'ISO6709',
        'xpacket',
        'dashcam',
        'unreferenced',
      ])
        assert.equal(copy.includes(trace), false, `the copy kept ${trace}`);
      assert.ok((await download(path)).includes(VIDEO_PLACE), 'the original is kept as it was');
    });

  it('a WAV copy keeps fmt and data chunks only; WebM, Ogg and MP3 are ready with no copy', async () => {
    const incident = await reportFiledBy(await reporter());
    const wav = wavWithLocationEverywhere();
    const wavPath = STORAGE_PATHS.reporterMedia(
      incident.id,
      newMediaId(),
      mediaFileName('audio/wav'),
    );
    const media = await uploaded(wavPath, wav.file, 'audio/wav');
    assert.equal(media.state, 'ready', media.reason);
    const copy = await download(media.displayPath);
    const chunks: string[] = [];
    for (
      let at = 12;
      at + 8 <= copy.length;
      at += 8 + copy.readUInt32LE(at + 4) + (copy.readUInt32LE(at + 4) % 2)
    )
      chunks.push(copy.toString('latin1', at, at + 4));
    assert.deepEqual(
      chunks.filter((c) => c !== 'JUNK'),
      ['fmt ', 'data'],
    );
    assert.ok(copy.includes(wav.data));
    for (const trace of [VIDEO_PLACE, 'xpacket', 'BWFXML', 'ID3'])
      assert.equal(copy.includes(trace), false, `the WAV copy kept ${trace}`);

    for (const recording of uncopiedRecordings()) {
      const path = STORAGE_PATHS.reporterMedia(
        incident.id,
        newMediaId(),
        mediaFileName(recording.type),
      );
      const uncopied = await uploaded(path, recording.bytes, recording.type);
      assert.equal(uncopied.state, 'ready', `${recording.type}: ${uncopied.reason}`);
      assert.equal(uncopied.displayPath, undefined, recording.type);
      assert.match(uncopied.noPreview, /No preview/);
      const { mediaId } = parseMediaUploadPath(path)!;
      assert.equal(
        await exists(STORAGE_PATHS.mediaCopy(incident.id, mediaId, MEDIA_COPIES.displayMedia)),
        false,
      );
    }
  });

  it('a 35-byte GIF bomb and a 0.6 MB scan-bomb JPEG are refused from their headers, quickly', async () => {
    const incident = await reportFiledBy(await reporter());
    for (const c of [
      {
        bytes: gifBomb(),
        type: 'image/gif',
        reason: /65535 × 65535 pixels: at most 50 megapixels/,
      },
      { bytes: jpegScanBomb(), type: 'image/jpeg', reason: /written in 8000 scans: at most 64/ },
    ]) {
      const path = STORAGE_PATHS.reporterMedia(incident.id, newMediaId(), mediaFileName(c.type));
      const started = Date.now();
      const media = await uploaded(path, c.bytes, c.type);
      const took = Date.now() - started;
      console.log(`      ${c.type} bomb (${c.bytes.length} bytes): verdict in ${took} ms`);
      assert.equal(media.state, 'quarantined');
      assert.match(media.reason, c.reason);
      assert.ok(took < 20_000, `${c.type}: ${took} ms to a verdict`);
      assert.equal(await exists(`quarantine/${path}`), true);
    }
  });

  it('a check whose runs die is run once more by the sweep, then quarantined with that reason', async () => {
    const incident = await reportFiledBy(await reporter());
    // An upload whose heavy step fails every time (its bytes are gone), as a killed run would.
    const path = STORAGE_PATHS.reporterMedia(
      incident.id,
      newMediaId(),
      mediaFileName('image/jpeg'),
    );
    const checkId = fileCheckId(path);
    const check = db.collection(COLLECTIONS.mediaChecks).doc(checkId);
    await check.set({
      path,
      eventId: `dead-run-${newMediaId()}`,
      size: 1000,
      contentType: 'image/jpeg',
      queuedAt: new Date(),
      run: 1,
    });
    const failures = () =>
      db
        .collection(COLLECTIONS.triggerFailures)
        .where('document', '==', `${COLLECTIONS.mediaChecks}/${checkId}`)
        .get()
        .then((q) => q.size);
    await waitFor(failures, (n) => n >= 1);
    const later = (ms: number) => ({ db, bucket, now: () => new Date(Date.now() + ms) });
    assert.equal(await sweepUncheckedMedia(later(MEDIA_CHECK_BUDGET_MS / 2)), 0, 'not yet due');
    await sweepUncheckedMedia(later(MEDIA_CHECK_BUDGET_MS + 60_000));
    assert.equal((await check.get()).get('run'), 2, 'queued once more');
    await waitFor(failures, (n) => n >= 2);
    await sweepUncheckedMedia(later(MEDIA_CHECK_BUDGET_MS + 60_000));
    const { mediaId } = parseMediaUploadPath(path)!;
    const media = (await docData(`${incident.path}/${COLLECTIONS.media}/${mediaId}`))!;
    assert.equal(media.state, 'quarantined');
    assert.equal(media.reason, UNCHECKED_MEDIA);
    assert.equal((await check.get()).exists, false, 'the check is no longer queued');
  }).timeout(3 * TRIGGER_BOUND_MS);

  it(`quarantines the file past ${LIMITS.mediaPerReport} on one report`, async () => {
    const incident = await reportFiledBy(await reporter());
    const media = incident.collection(COLLECTIONS.media);
    await Promise.all(
      Array.from({ length: LIMITS.mediaPerReport }, (_, i) =>
        media.doc(`seeded${String(i).padStart(12, '0')}`).set({ state: 'ready' }),
      ),
    );
    const path = STORAGE_PATHS.reporterMedia(
      incident.id,
      newMediaId(),
      mediaFileName('image/jpeg'),
    );
    const extra = await uploaded(path, jpegWithGps(200, 100), 'image/jpeg');
    assert.equal(extra.state, 'quarantined');
    assert.match(extra.reason, /Too many files on this report/);
    // Refused in the transaction that counts, so moved away just after its verdict.
    await waitFor(
      () => exists(path),
      (stored) => !stored,
    );
    assert.equal(await exists(`quarantine/${path}`), true);
  });
});

describe('incident media retention', () => {
  async function reportWithPhoto() {
    const incident = await reportFiledBy(await reporter());
    const path = STORAGE_PATHS.reporterMedia(
      incident.id,
      newMediaId(),
      mediaFileName('image/jpeg'),
    );
    const media = await uploaded(path, jpegWithGps(300, 200), 'image/jpeg');
    assert.equal(media.state, 'ready', media.reason);
    return { incident, paths: [path, media.thumbPath as string, media.displayPath as string] };
  }
  const mediaDocs = async (incident: DocumentReference) =>
    (await incident.collection(COLLECTIONS.media).get()).size;

  it('media go with a deleted incident: originals, copies and docs', async () => {
    const { incident, paths } = await reportWithPhoto();
    await incident.delete();
    await waitFor(
      () => mediaDocs(incident),
      (n) => n === 0,
    );
    for (const path of paths) assert.equal(await exists(path), false, path);
  });

  it('a deleted incident under legal hold keeps its media', async () => {
    const { incident, paths } = await reportWithPhoto();
    await db
      .collection(COLLECTIONS.legalHolds)
      .doc(incident.id)
      .set({ active: true, reason: 'Litigation' });
    await incident.delete();
    await waitForLogs(
      (log) => log.message.includes('its media are kept') && log.fields.incidentId === incident.id,
    );
    assert.equal(await mediaDocs(incident), 1);
    for (const path of paths) assert.equal(await exists(path), true, path);
  });
});
