import { ImageUpload } from '@lightwell/domain';

/** File name endings accepted for floor-plan images (section 5: JPG, PNG, JPEG, BMP). */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.bmp'] as const;

/** What the browser knows of a chosen file before it is sent. */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

/**
 * Checks a chosen floor-plan image before upload (section 5): JPG, JPEG, PNG or BMP by name and
 * declared type, at most 3 MB. Answers the problem, or null; the server checks the content again.
 */
export function checkFloorPlanImage(file: ChosenFile): 'type' | 'size' | null {
  const name = file.name.toLowerCase();
  const types: readonly string[] = [...ImageUpload.types, 'image/x-ms-bmp', 'image/jpg'];
  const typeOk = (file.type === '' || types.includes(file.type)) && IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk) return 'type';
  if (file.size > ImageUpload.maxBytes) return 'size';
  return null;
}
