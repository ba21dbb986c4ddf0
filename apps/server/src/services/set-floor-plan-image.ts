import { randomBytes } from 'node:crypto';
import type { UploadedFile } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { files, networks } from '../db/schema.ts';
import { recordAudit } from './audit.ts';
import { lockNetwork } from './lock-network.ts';
import type { ImageInfo } from './read-image-info.ts';
import { releaseFile } from './release-file.ts';
import { scaleFloorPlan } from './scale-floor-plan.ts';
import { imageSizeOf } from './shape-zone.ts';

/**
 * Stores an uploaded image in the database and makes it network `nid`'s floor plan (sections 3 and
 * 7): `image` and the image size are set, zones and nodes are rescaled when the size changes, the
 * replaced image is released, and an audit event is written, all in one transaction.
 */
export async function setFloorPlanImage(
  ctx: AppContext,
  uid: number,
  nid: number,
  data: Buffer,
  info: ImageInfo,
): Promise<UploadedFile> {
  const fileName = `plan-${randomBytes(16).toString('hex')}.${info.extension}`;
  return ctx.db.transaction(async (tx) => {
    const network = await lockNetwork(tx, nid);
    await tx.insert(files).values({
      name: fileName,
      ownerUid: uid,
      mime: info.mime,
      size: data.length,
      width: info.width,
      height: info.height,
      data,
    });
    const to = { width: info.width, height: info.height };
    await scaleFloorPlan(tx, nid, imageSizeOf(network), to);
    await tx
      .update(networks)
      .set({ image: fileName, imageWidth: to.width, imageHeight: to.height, updatedAt: ctx.now() })
      .where(eq(networks.id, nid));
    await recordAudit(tx, {
      action: 'network.image',
      actorUid: uid,
      pid: network.pid,
      nid,
      before: { image: network.image, imageSize: imageSizeOf(network) },
      after: { image: fileName, imageSize: to },
    });
    if (network.image) await releaseFile(tx, network.image);
    return { fileName, mime: info.mime, size: data.length, width: to.width, height: to.height };
  });
}
