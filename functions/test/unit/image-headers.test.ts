import assert from 'node:assert/strict';
import { encode } from 'jpeg-js';
import { GifWriter } from 'omggif';
import {
  MAX_GIF_FRAMES,
  MAX_JPEG_SCANS,
  gifFrames,
  imageWorkProblem,
  jpegScanCount,
} from '../../src/domain/image-headers';
import { UnreadableImage, decodeImage } from '../../src/services/image-codecs';
import { gifBomb, jpegScanBomb, flatPng } from '../integration/media-files';

/** A GIF of `frames` frames, each `w`×`h` at (x, y) on a `screen`×`screen` screen. */
function gif(screen: number, frames: { x: number; y: number; w: number; h: number }[]): Buffer {
  const buffer = new Uint8Array(4096 + frames.reduce((n, f) => n + 64 + f.w * f.h * 2, 0));
  const writer = new GifWriter(buffer, screen, screen, { palette: [0x000000, 0xffffff] });
  for (const f of frames) writer.addFrame(f.x, f.y, f.w, f.h, new Uint8Array(f.w * f.h));
  return Buffer.from(buffer.subarray(0, writer.end()));
}

describe('photo headers: the work a decode would take, bounded before it starts', () => {
  it('counts a JPEG’s scans, skipping segment payloads and stuffed bytes', () => {
    const baseline = encode(
      { width: 32, height: 32, data: Buffer.alloc(32 * 32 * 4, 0xff) },
      90,
    ).data;
    assert.equal(jpegScanCount(baseline), 1);
    assert.equal(jpegScanCount(jpegScanBomb(10)), 10);
    assert.equal(jpegScanCount(jpegScanBomb(8000)), 8000);
    assert.equal(imageWorkProblem(baseline, 'jpeg'), null);
    assert.equal(imageWorkProblem(jpegScanBomb(MAX_JPEG_SCANS), 'jpeg'), null);
    assert.match(
      imageWorkProblem(jpegScanBomb(MAX_JPEG_SCANS + 1), 'jpeg') ?? '',
      new RegExp(`written in ${MAX_JPEG_SCANS + 1} scans: at most ${MAX_JPEG_SCANS}`),
    );
  });

  it('walks every GIF frame: its size, its place on the screen, how many', () => {
    const two = gif(20, [
      { x: 0, y: 0, w: 20, h: 20 },
      { x: 5, y: 5, w: 10, h: 10 },
    ]);
    assert.deepEqual(gifFrames(two), [
      { left: 0, top: 0, width: 20, height: 20 },
      { left: 5, top: 5, width: 10, height: 10 },
    ]);
    assert.equal(imageWorkProblem(two, 'gif'), null);
    assert.match(
      imageWorkProblem(gif(20, [{ x: 15, y: 0, w: 10, h: 10 }]), 'gif') ?? '',
      /10 × 10 frame outside its 20 × 20 screen/,
    );
    const bomb = gifBomb();
    assert.equal(bomb.length, 35);
    assert.deepEqual(gifFrames(bomb), [{ left: 0, top: 0, width: 65535, height: 65535 }]);
    assert.match(imageWorkProblem(bomb, 'gif') ?? '', /65535 × 65535 pixels: at most 50/);
    const many = gif(
      2,
      Array.from({ length: MAX_GIF_FRAMES + 1 }, () => ({ x: 0, y: 0, w: 1, h: 1 })),
    );
    assert.match(imageWorkProblem(many, 'gif') ?? '', /more than 1000 frames/);
    assert.match(
      imageWorkProblem(Buffer.from('GIF89a\x01\0\x01\0\0\0\0\x99', 'latin1'), 'gif')!,
      /damaged/,
    );
  });

  it('refuses a PNG whose IHDR declares too many pixels, keeps one that does not', () => {
    const png = flatPng(4, 4, [0, 0, 0, 255]);
    assert.equal(imageWorkProblem(png, 'png'), null);
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(1_000, 20);
    assert.match(imageWorkProblem(png, 'png') ?? '', /100000 × 1000 pixels/);
  });

  it('the two bomb files are refused by the decoder in well under a second', async () => {
    for (const [bytes, container] of [
      [gifBomb(), 'gif'],
      [jpegScanBomb(), 'jpeg'],
    ] as const) {
      const started = Date.now();
      await assert.rejects(decodeImage(bytes, container), UnreadableImage);
      assert.ok(Date.now() - started < 1000, `${container}: ${Date.now() - started} ms`);
    }
  });
});
