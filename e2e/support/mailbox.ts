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
