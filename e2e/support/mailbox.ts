import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { MAILBOX_DIR } from './env.ts';

interface StoredMail {
  to: string[];
  raw: string;
}

function mailsTo(address: string): StoredMail[] {
  if (!existsSync(MAILBOX_DIR)) return [];
  return readdirSync(MAILBOX_DIR)
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
    .map((file) => JSON.parse(readFileSync(join(MAILBOX_DIR, file), 'utf8')) as StoredMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits for the `nth` (1-based) e-mail to `address` on the real SMTP server and answers its 6-digit code. */
export async function codeFromMail(address: string, nth = 1): Promise<string> {
  await expect
    .poll(() => mailsTo(address).length, { message: `mail ${nth} to ${address}` })
    .toBeGreaterThanOrEqual(nth);
  const text = mailsTo(address)[nth - 1]!.raw;
  const code = text.match(/^\s+(\d{6})\s*$/m)?.[1];
  if (!code) throw new Error(`no code in mail to ${address}`);
  return code;
}

/** Decodes quoted-printable text (soft line breaks and =XX bytes), as long lines in mails arrive. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Waits for the `nth` share invitation to `address` and answers the path of its link (`/shared/...?link=...`). */
export async function shareLinkFromMail(address: string, nth = 1): Promise<string> {
  const invitations = () => mailsTo(address).filter((mail) => decodeQuotedPrintable(mail.raw).includes('/shared/'));
  await expect
    .poll(() => invitations().length, { message: `invitation ${nth} to ${address}` })
    .toBeGreaterThanOrEqual(nth);
  const text = decodeQuotedPrintable(invitations()[nth - 1]!.raw);
  const path = text.match(/https?:\/\/[^/\s]+(\/shared\/(?:network|project)\?link=[A-Za-z0-9_-]+)/)?.[1];
  if (!path) throw new Error(`no share link in mail to ${address}`);
  return path;
}

/** Waits for the `nth` e-mail to `address` holding a link to `path` and answers that link's path and query. */
export async function linkFromMail(address: string, path: string, nth = 1, timeout?: number): Promise<string> {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`https?://[^/\\s]+(${escaped}\\?link=[A-Za-z0-9_.~%-]+)`);
  const matching = () => mailsTo(address).filter((mail) => pattern.test(decodeQuotedPrintable(mail.raw)));
  await expect
    .poll(() => matching().length, { message: `mail ${nth} to ${address} with ${path}`, timeout })
    .toBeGreaterThanOrEqual(nth);
  return decodeQuotedPrintable(matching()[nth - 1]!.raw).match(pattern)![1]!;
}

/** The text of the `nth` e-mail to `address` holding a link to `path` (quoted-printable decoded). */
export function mailText(address: string, path: string, nth = 1): string {
  const texts = mailsTo(address)
    .map((mail) => decodeQuotedPrintable(mail.raw))
    .filter((text) => text.includes(path));
  return texts[nth - 1] ?? '';
}

/** Waits for the `nth` recipient activation e-mail to `address` and answers the path of its link. */
export async function activationLinkFromMail(address: string, nth = 1): Promise<string> {
  const activations = () =>
    mailsTo(address).filter((mail) => decodeQuotedPrintable(mail.raw).includes('/shared/projectSettingEmail/active'));
  await expect
    .poll(() => activations().length, { message: `activation ${nth} to ${address}` })
    .toBeGreaterThanOrEqual(nth);
  const text = decodeQuotedPrintable(activations()[nth - 1]!.raw);
  const path = text.match(/https?:\/\/[^/\s]+(\/shared\/projectSettingEmail\/active\?link=[A-Za-z0-9_-]+)/)?.[1];
  if (!path) throw new Error(`no activation link in mail to ${address}`);
  return path;
}
