/** What the content of an image file says about it. */
export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg' | 'image/bmp';
  /** File name extension for the type. */
  extension: 'png' | 'jpg' | 'bmp';
  width: number;
  height: number;
}

/** Largest side accepted; real floor plans stay far below it. */
const MAX_SIDE = 30_000;

/** The JPEG end-of-image marker. */
const END_OF_IMAGE = Buffer.from([0xff, 0xd9]);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(data: Uint8Array, bytes: number[]): boolean {
  return data.length >= bytes.length && bytes.every((byte, i) => data[i] === byte);
}

function png(data: Buffer): ImageInfo | null {
  // The first chunk is IHDR: length (4), type (4), then width and height as 32-bit big-endian.
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  // A file cut short has no IEND chunk after its header: refused as unreadable.
  if (data.indexOf('IEND', 33, 'latin1') < 0) return null;
  return { mime: 'image/png', extension: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Start-of-frame markers C0–CF carry the size, except C4 (DHT), C8 (JPG) and CC (DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpeg(data: Buffer): ImageInfo | null {
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame
    const length = data.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      // A file cut short has no end-of-image marker after its frame header: refused as unreadable.
      if (offset + 9 > data.length || data.lastIndexOf(END_OF_IMAGE) < offset) return null;
      return {
        mime: 'image/jpeg',
        extension: 'jpg',
        height: data.readUInt16BE(offset + 5),
        width: data.readUInt16BE(offset + 7),
      };
    }
    offset += 2 + length;
  }
  return null;
}

function bmp(data: Buffer): ImageInfo | null {
  if (data.length < 26) return null;
  const headerSize = data.readUInt32LE(14);
  if (headerSize === 12) {
    return { mime: 'image/bmp', extension: 'bmp', width: data.readUInt16LE(18), height: data.readUInt16LE(20) };
  }
  if (headerSize < 40 || data.length < 14 + 40) return null;
  // A negative height is a top-down bitmap.
  return { mime: 'image/bmp', extension: 'bmp', width: data.readInt32LE(18), height: Math.abs(data.readInt32LE(22)) };
}

/**
 * Type and size of a JPG/JPEG, PNG or BMP image read from its content (section 5: images JPG, PNG,
 * JPEG, BMP), never from its name: the magic bytes decide the type and the header gives the size.
 * Anything else, or a header without a usable size, gives null.
 */
export function readImageInfo(data: Buffer): ImageInfo | null {
  let info: ImageInfo | null = null;
  if (startsWith(data, PNG_SIGNATURE)) info = png(data);
  else if (startsWith(data, [0xff, 0xd8, 0xff])) info = jpeg(data);
  else if (startsWith(data, [0x42, 0x4d])) info = bmp(data);
  if (!info) return null;
  const valid = (side: number) => Number.isInteger(side) && side > 0 && side <= MAX_SIDE;
  return valid(info.width) && valid(info.height) ? info : null;
}
