import assert from 'node:assert/strict';
import {
  INCIDENT_MEDIA_FOLDER,
  LIMITS,
  MEDIA_ACCEPT,
  STORAGE_PATHS,
  isMediaId,
  mediaFileName,
  mediaUploadProblem,
  newMediaId,
  parseMediaUploadPath,
  shownMediaIds,
} from '../src/index';

describe('incident media', () => {
  it('makes media ids the rules accept', () => {
    const id = newMediaId();
    assert.ok(isMediaId(id), id);
    assert.notEqual(newMediaId(), id);
    assert.equal(isMediaId('../x'), false);
    assert.equal(isMediaId('short'), false);
  });

  it('parses the originals’ paths and nothing else', () => {
    const id = newMediaId();
    assert.deepEqual(
      parseMediaUploadPath(STORAGE_PATHS.reporterMedia('inc1', id, 'original.jpg')),
      {
        incidentId: 'inc1',
        side: 'reporter',
        uid: null,
        mediaId: id,
        fileName: 'original.jpg',
      },
    );
    assert.deepEqual(
      parseMediaUploadPath(STORAGE_PATHS.staffMedia('inc1', 'u1', id, 'original.mp4')),
      {
        incidentId: 'inc1',
        side: 'staff',
        uid: 'u1',
        mediaId: id,
        fileName: 'original.mp4',
      },
    );
    assert.equal(parseMediaUploadPath(STORAGE_PATHS.mediaCopy('inc1', id, 'thumb.jpg')), null);
    assert.equal(
      parseMediaUploadPath(`quarantine/${INCIDENT_MEDIA_FOLDER}/inc1/reporter/${id}/original.jpg`),
      null,
    );
    assert.equal(parseMediaUploadPath(`articles/a/photo.png`), null);
  });

  it('names the stored file from its type, never from the picked name', () => {
    assert.equal(mediaFileName('image/jpeg'), 'original.jpg');
    assert.equal(mediaFileName('video/quicktime'), 'original.mov');
    assert.equal(mediaFileName('audio/x-m4a'), 'original.m4a');
  });

  it('checks type and size before an upload, in plain words', () => {
    assert.equal(mediaUploadProblem({ name: 'a.jpg', type: 'image/jpeg', size: 10 }), null);
    assert.match(
      mediaUploadProblem({ name: 'x.svg', type: 'image/svg+xml', size: 10 }) ?? '',
      /only photos/,
    );
    assert.match(
      mediaUploadProblem({ name: 'v.mp4', type: 'video/mp4', size: LIMITS.mediaVideoBytes }) ?? '',
      /too large: a video must be under 50 MB/,
    );
    assert.match(mediaUploadProblem({ name: 'e.wav', type: 'audio/wav', size: 0 }) ?? '', /empty/);
    assert.ok(MEDIA_ACCEPT.split(',').includes('audio/ogg'));
    // The server cannot make copies of a WebP photo: the picker neither offers nor takes one.
    assert.match(
      mediaUploadProblem({ name: 'p.webp', type: 'image/webp', size: 10 }) ?? '',
      /p\.webp: only photos \(JPEG, PNG, GIF\)/,
    );
    assert.ok(!MEDIA_ACCEPT.split(',').includes('image/webp'));
  });

  it('shows only a message’s media that are ready media of the report', () => {
    assert.deepEqual(shownMediaIds(['a', 'b', 7, 'c'], new Set(['a', 'c'])), ['a', 'c']);
    assert.deepEqual(shownMediaIds(undefined, new Set(['a'])), []);
  });
});
