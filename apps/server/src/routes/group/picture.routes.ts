import { Code } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { files, groups, scenes } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { authorizeConfigure } from '../../policies/network-edit.ts';
import { readImageInfo } from '../../services/read-image-info.ts';
import { storeImageFile } from '../../services/store-image-file.ts';

/** File names of group and scene pictures. */
const PICTURE_PREFIX = 'pic-';

/** Whether a group or scene of network `nid` shows the picture. */
async function usedInNetwork(db: Db, nid: number, fileName: string): Promise<boolean> {
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.nid, nid), eq(groups.image, fileName)))
    .limit(1);
  if (group) return true;
  const [scene] = await db
    .select({ id: scenes.id })
    .from(scenes)
    .where(and(eq(scenes.nid, nid), eq(scenes.image, fileName)))
    .limit(1);
  return scene !== undefined;
}

/** Whether `uid` uploaded the picture. */
async function uploadedBy(db: Db, uid: number, fileName: string): Promise<boolean> {
  if (!fileName.startsWith(PICTURE_PREFIX)) return false;
  const [row] = await db
    .select({ name: files.name })
    .from(files)
    .where(and(eq(files.name, fileName), eq(files.ownerUid, uid)))
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses (1013) a picture a group or scene of network `nid` may not show: only the caller's own uploads
 * and pictures the network already shows, so nobody reaches another network's pictures through a name.
 */
export async function assertPictureUsable(db: Db, uid: number, nid: number, fileName: string | null | undefined) {
  if (!fileName) return;
  if ((await uploadedBy(db, uid, fileName)) || (await usedInNetwork(db, nid, fileName))) return;
  throw noPermission();
}

/** Pictures of groups and scenes (section 3 image; section 5: JPG, PNG, BMP). */
export function pictureRoutes(app: FastifyInstance): void {
  serveCall(app, 'pictureUpload', async ({ ctx, session, payload }) => {
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, payload.nid));
    const data = Buffer.from(payload.image, 'base64');
    const info = readImageInfo(data);
    if (!info) throw new CallError(Code.imageRefused, 'Upload failure: not a JPG, PNG or BMP image.');
    const fileName = await storeImageFile(ctx.db, { prefix: PICTURE_PREFIX, ownerUid: session.uid, data, info });
    return { fileName };
  });

  serveCall(app, 'picture', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const allowed =
      (await usedInNetwork(ctx.db, payload.nid, payload.fileName)) ||
      (await uploadedBy(ctx.db, session.uid, payload.fileName));
    if (!allowed) throw noPermission();
    const [file] = await ctx.db
      .select({ mime: files.mime, data: files.data })
      .from(files)
      .where(eq(files.name, payload.fileName))
      .limit(1);
    if (!file) throw noPermission();
    return { fileName: payload.fileName, mime: file.mime, data: Buffer.from(file.data).toString('base64') };
  });
}
