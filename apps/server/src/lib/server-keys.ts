import { hkdfSync } from 'node:crypto';

/**
 * What each key derived from the server-only secret is for. A key opens only what its purpose names:
 * knowing one (or the public client key) tells nothing of another (docs/decisions.md, "Keys and secrets").
 */
export const KEY_PURPOSES = [
  /** Password of the console's own user (`lightwell-server`) on the embedded MQTT broker. */
  'mqtt-server',
  /** Secrets of the demo gateways, so that a restarted console and its simulator agree without storing them. */
  'demo-gateway',
  /** Signatures of e-mailed emergency links (a fault, a network's self-test report). */
  'emergency-link',
  /** Hashes of e-mailed verification codes. */
  'verification-code',
  /** Signatures of short-lived download links of one file. */
  'download-url',
  /** Signatures of e-mailed links to the web version of one issued periodic report (`/report/projectPDF1`). */
  'report-link',
  /** Signatures of a report recipient's own link: one-click unsubscribe and `/email/register`. */
  'report-unsubscribe',
  /**
   * Signatures of e-mailed links to the network equipment statistics issued with one periodic report
   * (`/report/networkEquipDataPDF`).
   */
  'equipment-link',
] as const;

/** One purpose of a derived key. */
type KeyPurpose = (typeof KEY_PURPOSES)[number];

/** The keys derived from the server-only secret, one per purpose. */
export interface ServerKeys {
  /** The 256-bit key of `purpose`. */
  key(purpose: KeyPurpose): Buffer;
}

/**
 * Derives one key per purpose from the server-only secret with HKDF-SHA256 (RFC 5869); the purpose is the
 * HKDF info, so no two purposes share a key and none reveals the secret.
 */
export function deriveServerKeys(serverSecret: string): ServerKeys {
  if (serverSecret.length < 32) throw new Error('the server secret must have at least 32 characters');
  const keys = new Map(
    KEY_PURPOSES.map((purpose) => [
      purpose,
      Buffer.from(hkdfSync('sha256', serverSecret, 'lightwell-server-keys', purpose, 32)),
    ]),
  );
  return {
    key(purpose) {
      const key = keys.get(purpose);
      if (!key) throw new Error(`no key for ${purpose}`);
      return key;
    },
  };
}
