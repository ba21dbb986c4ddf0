import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema.ts';
import type { ImageInfo } from './read-image-info.ts';

/**
 * Stores an uploaded image, already checked by `readImageInfo`, as a file owned by `ownerUid` under a
 * fresh random name `<prefix><24 hex digits>.<extension>`, and gives that name.
 */
export async function storeImageFile(
  db: Db,
  image: { prefix: string; ownerUid: number; data: Buffer; info: ImageInfo },
): Promise<string> {
  const { prefix, ownerUid, data, info } = image;
  const fileName = `${prefix}${randomBytes(12).toString('hex')}.${info.extension}`;
  await db.insert(files).values({
    name: fileName,
    ownerUid,
    mime: info.mime,
    size: data.length,
    width: info.width,
    height: info.height,
    data,
  });
  return fileName;
}
