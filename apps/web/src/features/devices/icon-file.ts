import { PRODUCT_ICON_SIDE } from '@lightwell/domain';

/** Why an icon file is refused before upload, or null when it may go (the server checks again). */
export type IconFileRefusal = 'type' | 'size' | null;

const ICON_TYPES = ['image/png', 'image/jpeg', 'image/bmp'];

/** Section 5 device icon: a PNG, JPG or BMP image of exactly 32×32 pixels. */
export function iconFileRefusal(type: string, width: number, height: number): IconFileRefusal {
  if (!ICON_TYPES.includes(type)) return 'type';
  if (width !== PRODUCT_ICON_SIDE || height !== PRODUCT_ICON_SIDE) return 'size';
  return null;
}

/** The file's bytes as base64, for the `productIconUpload` call. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Pixel size of an image file, read by the browser; null when it cannot decode it. */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
