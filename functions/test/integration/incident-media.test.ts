import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import exifr from 'exifr';
import { decode } from 'jpeg-js';
import {
  COLLECTIONS,
  LIMITS,
  MEDIA_COPIES,
  MEDIA_DISPLAY_EDGE,
  MEDIA_THUMB_WIDTH,
  STORAGE_PATHS,
  mediaFileName,
  newMediaId,
  parseMediaUploadPath,
} from '@campus-safety/model';
import type { DocumentReference } from 'firebase-admin/firestore';
import {
  PHOTO_PLACE,
  VIDEO_PLACE,
  flatPng,
  jpegWithGps,
  mp4WithLocation,
  transparentGif,
} from './media-files';
import {
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
