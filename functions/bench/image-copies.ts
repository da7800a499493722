/**
 * Time to make the copies of a 12-megapixel JPEG (docs/media.md), as the media trigger makes
 * them: decode, scale, orient, encode; wall and CPU time (the CPU figure holds on a busy machine).
 * No emulator: `npm run bench:images -w functions`.
 */
import { benchSize } from '@campus-safety/testkit/bench';
import { encode } from 'jpeg-js';
import { MEDIA_DISPLAY_EDGE, MEDIA_THUMB_WIDTH } from '@campus-safety/model';
import { jpegOrientation } from '../src/domain/image-headers';
import { flattenOnWhite, photoCopies } from '../src/domain/image-resize';
import { decodeImage, encodeJpeg } from '../src/services/image-codecs';

const RUNS = Number(process.env.BENCH_SAMPLES ?? benchSize(3, 1));
const [width, height] = benchSize([4000, 3000], [1600, 1200]);

// Gradients and a fine pattern, so the encoder has detail to work on as in a photo.
const data = new Uint8Array(width * height * 4);
for (let y = 0; y < height; y++)
  for (let x = 0; x < width; x++)
    data.set([(x * 255) / width, (y * 255) / height, (x ^ y) & 255, 255], (y * width + x) * 4);
const photo = encode({ width, height, data }, 90).data;
console.log(
  `${((width * height) / 1e6).toFixed(1)} MP JPEG: ${width}×${height}, ${(photo.length / 1e6).toFixed(1)} MB`,
);

async function main() {
  for (let run = 1; run <= RUNS; run++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const stored = flattenOnWhite(await decodeImage(photo, 'jpeg'));
    const t1 = performance.now();
    const { display, thumb } = photoCopies(stored, jpegOrientation(photo), {
      displayEdge: MEDIA_DISPLAY_EDGE,
      thumbWidth: MEDIA_THUMB_WIDTH,
    });
    const t2 = performance.now();
    await encodeJpeg(display, 85);
    await encodeJpeg(thumb, 80);
    const t3 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    const ms = (a: number, b: number) => Math.round(b - a);
    console.log(
      `run ${run}: ${ms(t0, t3)} ms (decode ${ms(t0, t1)}, scale ${ms(t1, t2)}, encode ${ms(t2, t3)}), CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
