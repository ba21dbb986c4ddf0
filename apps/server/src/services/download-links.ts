import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_DOWNLOAD_PATH, type FileDownloadLink } from '@lightwell/domain';
import type { AppContext } from '../context.ts';

/** Shortest time a download link works after it is handed out. */
const DOWNLOAD_LINK_SECONDS = 600;
/**
 * Expiries are rounded up to a multiple of this, so every link of one file and user handed out within
 * the same 5 minutes is the same address and the browser's cache can answer it again.
 */
const DOWNLOAD_LINK_BUCKET_SECONDS = 300;

/** What a download link opens: one stored file, for one user, until `exp` (epoch seconds). */
export interface DownloadLinkFields {
  fileName: string;
  uid: number;
  exp: number;
}

const PURPOSE = 'download-url';

function signatureOf(ctx: AppContext, link: DownloadLinkFields): string {
  return createHmac('sha256', ctx.keys.key(PURPOSE))
    .update(`${link.uid}\n${link.exp}\n${link.fileName}`)
    .digest('base64url');
}

/** Expiry (epoch seconds) of a link handed out at `now`: at least 10 minutes on, rounded up to 5 minutes. */
function downloadLinkExpiry(now: Date): number {
  const earliest = Math.ceil(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  return Math.ceil(earliest / DOWNLOAD_LINK_BUCKET_SECONDS) * DOWNLOAD_LINK_BUCKET_SECONDS;
}

/**
 * A download link of `fileName` for `uid`, signed with the server-only `download-url` key (HMAC-SHA256
 * over uid, expiry and file name). The caller must have checked that `uid` may read the file.
 */
export function createDownloadLink(ctx: AppContext, uid: number, fileName: string): FileDownloadLink {
  const now = ctx.now();
  const exp = downloadLinkExpiry(now);
  const query = new URLSearchParams({
    fileName,
    uid: String(uid),
    exp: String(exp),
    sig: signatureOf(ctx, { fileName, uid, exp }),
  });
  return { url: `${FILE_DOWNLOAD_PATH}?${query.toString()}`, expiresIn: exp - Math.floor(now.getTime() / 1000) };
}

/**
 * Seconds a link still works when its signature holds and it has not expired; null otherwise (a changed
 * file name, user or expiry breaks the signature).
 */
export function downloadLinkSecondsLeft(ctx: AppContext, link: DownloadLinkFields & { sig: string }): number | null {
  const expected = Buffer.from(signatureOf(ctx, link));
  const given = Buffer.from(link.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const left = link.exp - Math.floor(ctx.now().getTime() / 1000);
  return left > 0 ? left : null;
}
