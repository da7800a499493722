/**
 * A JPEG carrying EXIF GPS (a small TIFF writer: IFD0 pointing to a GPS IFD with latitude and
 * longitude), apart from the other media files so the attack suite can use it (it needs jpeg-js
 * only).
 */
import { encode } from 'jpeg-js';

/** Where the photo says it was taken. */
export const PHOTO_PLACE = { latitude: 14.5, longitude: 121.25 };

function gpsExif(lat: number, lon: number): Buffer {
  const tiff = Buffer.alloc(128);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    tiff.writeUInt32BE(value, at + 8);
  };
  // IFD0: one entry, the GPS IFD pointer.
  tiff.writeUInt16BE(1, 8);
  entry(10, 0x8825, 4, 1, 26);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD at 26: N/E refs (ASCII in the value field), lat/lon as 3 rationals each.
  tiff.writeUInt16BE(4, 26);
  entry(28, 0x0001, 2, 2, 0);
  tiff.write('N\0', 36, 'latin1');
  entry(40, 0x0002, 5, 3, 80);
  entry(52, 0x0003, 2, 2, 0);
  tiff.write('E\0', 60, 'latin1');
  entry(64, 0x0004, 5, 3, 104);
  tiff.writeUInt32BE(0, 76);
  const rationals = (at: number, degrees: number) => {
    const whole = Math.floor(degrees);
    const minutes = (degrees - whole) * 60;
    for (const [i, [n, d]] of [
      [whole, 1],
      [Math.floor(minutes), 1],
      [Math.round((minutes - Math.floor(minutes)) * 60 * 100), 100],
    ].entries()) {
      tiff.writeUInt32BE(n!, at + i * 8);
      tiff.writeUInt32BE(d!, at + i * 8 + 4);
    }
  };
  rationals(80, lat);
  rationals(104, lon);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A `width`×`height` JPEG photo whose EXIF says it was taken at PHOTO_PLACE. */
export function jpegWithGps(width = 2400, height = 1200): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let p = 0; p < data.length; p += 4) data.set([0x33, 0x66, 0xcc, 0xff], p);
  const jpeg = encode({ width, height, data }, 70).data;
  // After SOI (FF D8): the EXIF segment comes first, as cameras write it.
  return Buffer.concat([
    jpeg.subarray(0, 2),
    gpsExif(PHOTO_PLACE.latitude, PHOTO_PLACE.longitude),
    jpeg.subarray(2),
  ]);
}
