// The parts of the image codecs' APIs the functions and their tests use (the packages ship no
// types).

declare module 'pngjs' {
  interface PngImage {
    width: number;
    height: number;
    data: Buffer;
  }
  export const PNG: {
    sync: { read(buffer: Buffer): PngImage; write(image: PngImage): Buffer };
  };
}

declare module 'omggif' {
  export class GifReader {
    constructor(buffer: Uint8Array);
    width: number;
    height: number;
    numFrames(): number;
    decodeAndBlitFrameRGBA(frame: number, pixels: Uint8Array): void;
  }
  export class GifWriter {
    constructor(
      buffer: Uint8Array,
      width: number,
      height: number,
      options?: { palette?: number[] },
    );
    addFrame(
      x: number,
      y: number,
      width: number,
      height: number,
      indexes: Uint8Array,
      options?: { palette?: number[]; transparent?: number },
    ): number;
    end(): number;
  }
}
