import assert from 'node:assert/strict';
import { LIMITS } from '@campus-safety/model';
import { detectMediaContainer, judgeMedia } from '../../src/domain/media-content';
import { mp4Copy, wavCopy } from '../../src/domain/media-copies';
import {
  mp4WithLocationEverywhere,
  walkBoxes,
  wavWithLocationEverywhere,
} from '../integration/media-files';

const latin1 = (value: string) => Uint8Array.from(value, (c) => c.charCodeAt(0));
const box = (type: string, body: Uint8Array) => {
  const out = new Uint8Array(body.length + 8);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(latin1(type), 4);
  out.set(body, 8);
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

  it('an MP4 copy keeps the listed boxes and the played track’s samples at their offsets, nothing else', () => {
    const { file, played } = mp4WithLocationEverywhere();
    const copy = mp4Copy(file);
    assert.ok(copy.ok);
    const bytes = Buffer.from(copy.bytes);
    assert.equal(bytes.length, file.length);
    const types = new Set(walkBoxes(bytes).map((b) => b.type));
    for (const gone of ['udta', 'meta', 'uuid', 'gps ', '\xa9xyz', 'nmhd', 'gpmd'])
      assert.equal(types.has(gone), false, gone);
    assert.equal(walkBoxes(bytes).filter((b) => b.type === 'trak').length, 1);
    for (const at of played)
      assert.deepEqual(bytes.subarray(at, at + 200), file.subarray(at, at + 200));
    assert.equal(bytes.includes('+14.5'), false);
  });

  it('refuses an MP4 whose boxes do not fit, a fragmented one, and bounds a sample table’s counts', () => {
    const broken = Buffer.concat([
      box('ftyp', Buffer.from('isom')),
      Buffer.from('\xff\xff\xff\xffudta', 'latin1'),
    ]);
    assert.deepEqual(mp4Copy(broken), {
      ok: false,
      reason: 'The recording could not be read as the file it claims to be.',
    });
    const fragmented = Buffer.concat([
      box('ftyp', Buffer.from('isom')),
      box('moov', box('mvex', Buffer.alloc(8))),
    ]);
    assert.match((mp4Copy(fragmented) as { reason: string }).reason, /fragmented/);
    // A sample table declaring 4 billion samples of 4 GB each, in one chunk: linear work.
    const { file } = mp4WithLocationEverywhere();
    const stsz = walkBoxes(file).find((b) => b.type === 'stsz')!;
    const huge = Buffer.from(file);
    huge.writeUInt32BE(0xffffffff, stsz.body + 4);
    huge.writeUInt32BE(0xffffffff, stsz.body + 8);
    const started = Date.now();
    assert.ok(mp4Copy(huge).ok);
    assert.ok(Date.now() - started < 500);
  });

  it('a WAV copy keeps fmt and data, every other chunk becomes zeroed JUNK', () => {
    const { file, data } = wavWithLocationEverywhere();
    const copy = wavCopy(file);
    assert.ok(copy.ok);
    const bytes = Buffer.from(copy.bytes);
    assert.equal(bytes.includes('+14.5'), false);
    assert.ok(bytes.includes(data));
    assert.deepEqual(wavCopy(file.subarray(0, 30)), {
      ok: false,
      reason: 'The recording is damaged.',
    });
  });
});
