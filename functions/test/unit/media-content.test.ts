import assert from 'node:assert/strict';
import { LIMITS } from '@campus-safety/model';
import { blankMp4Metadata, detectMediaContainer, judgeMedia } from '../../src/domain/media-content';

const latin1 = (value: string) => Uint8Array.from(value, (c) => c.charCodeAt(0));
const box = (type: string, body: Uint8Array) => {
  const out = new Uint8Array(body.length + 8);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(latin1(type), 4);
  out.set(body, 8);
  return out;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('media content checks', () => {
  it('tells media containers by their first bytes', () => {
    assert.equal(detectMediaContainer(latin1('\0\0\0\x18ftypisom\0\0')), 'mp4');
    assert.equal(detectMediaContainer(latin1('\0\0\0\x14ftypqt  \0\0')), 'quicktime');
    assert.equal(detectMediaContainer(latin1('\0\0\0\x08wide\0\0\0\0')), 'quicktime');
    assert.equal(detectMediaContainer(latin1('\x1a\x45\xdf\xa3\0\0\0\0\0\0\0\0')), 'webm');
    assert.equal(detectMediaContainer(latin1('OggS\0\x02\0\0\0\0\0\0')), 'ogg');
    assert.equal(detectMediaContainer(latin1('RIFF\0\0\0\0WAVE')), 'wav');
    assert.equal(detectMediaContainer(latin1('ID3\x04\0\0\0\0\0\0\0\0')), 'mp3');
    assert.equal(detectMediaContainer(latin1('\xff\xfb\x90\x00\0\0\0\0\0\0\0\0')), 'mp3');
    assert.equal(detectMediaContainer(latin1('\xff\xd8\xff\xe0\0\0\0\0\0\0\0\0')), 'jpeg');
    assert.equal(detectMediaContainer(latin1('PK\x03\x04\0\0\0\0\0\0\0\0')), null);
    assert.equal(detectMediaContainer(latin1('<html><body>')), null);
  });

  it('judges by content: the declared type only picks the kind', () => {
    const mp4 = latin1('\0\0\0\x18ftypM4A \0\0');
    assert.deepEqual(judgeMedia(mp4, 'audio/mp4', 100), {
      ok: true,
      kind: 'audio',
      container: 'mp4',
      contentType: 'audio/mp4',
    });
    const asImage = judgeMedia(mp4, 'image/jpeg', 100);
    assert.equal(asImage.ok, false);
    assert.match(!asImage.ok ? asImage.reason : '', /MP4 file, not the image/);
    const exe = judgeMedia(latin1('MZ\x90\0\x03\0\0\0\x04\0\0\0'), 'image/jpeg', 100);
    assert.match(!exe.ok ? exe.reason : '', /Windows program/);
    const svg = judgeMedia(latin1('<svg xmlns="'), 'image/png', 100);
    assert.match(!svg.ok ? svg.reason : '', /web page or script/);
    const big = judgeMedia(
      latin1('\xff\xd8\xff\xe0\0\0\0\0\0\0\0\0'),
      'image/jpeg',
      LIMITS.mediaImageBytes,
    );
    assert.match(!big.ok ? big.reason : '', /larger than 10 MB/);
    assert.equal(judgeMedia(latin1('\xff\xd8\xff\xe0'), 'text/html', 10).ok, false);
  });

  it('blanks MP4 metadata boxes in place, keeping every other byte where it was', () => {
    const place = latin1('+14.5000+121.2500/');
    const mdat = box('mdat', new Uint8Array(64).fill(0x42));
    const file = concat(
      box('ftyp', latin1('isom\0\0\x02\0')),
      box(
        'moov',
        concat(
          box('mvhd', new Uint8Array(20)),
          box('trak', box('udta', place)),
          box('udta', box('\xa9xyz', place)),
        ),
      ),
      box('meta', place),
      mdat,
    );
    const copy = file.slice();
    assert.equal(blankMp4Metadata(copy), 3);
    assert.equal(copy.length, file.length);
    const text = String.fromCharCode(...copy);
    assert.equal(text.includes('+14.5000'), false);
    assert.equal(text.includes('udta'), false);
    assert.deepEqual(copy.subarray(copy.length - mdat.length), mdat);
    assert.deepEqual(copy.subarray(0, 40), file.subarray(0, 40));
  });

  it('leaves a file with a malformed box size as it is', () => {
    const file = concat(box('ftyp', latin1('isom')), latin1('\xff\xff\xff\xffudta'));
    const copy = file.slice();
    assert.equal(blankMp4Metadata(copy), 0);
    assert.deepEqual(copy, file);
  });
});
