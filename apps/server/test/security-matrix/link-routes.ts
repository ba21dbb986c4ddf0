import { type CallName, Code } from '@lightwell/domain';
import type { CredentialKind } from './credentials.ts';

/** A call that takes a display key or an e-mailed link, and its payload around the credential. */
export interface LinkCall {
  name: CallName;
  kind: CredentialKind;
  payload: (credential: string) => Record<string, unknown>;
  /** Sent with the owner's session as well (accepting a share needs both). */
  withSession?: boolean;
  /** An answer other than a refusal code that still opens nothing. */
  opensNothing?: (body: { code: number; data: unknown }) => boolean;
}

const link = (credential: string) => ({ link: credential });

/** Every call of class `display`, `link:*` or `session+link:*` in route-table.ts (a test checks). */
export const LINK_CALLS: LinkCall[] = [
  { name: 'screenDisplay', kind: 'display', payload: (key) => ({ key }) },
  { name: 'screenLive', kind: 'display', payload: (key) => ({ key }) },
  { name: 'emergencyPublicFault', kind: 'emergency-fault', payload: link },
  { name: 'emergencyPublicReport', kind: 'emergency-report', payload: link },
  { name: 'reportRunView', kind: 'report-view', payload: link },
  { name: 'reportRunEquipment', kind: 'equipment', payload: link },
  { name: 'recipientLinkInfo', kind: 'recipient', payload: link },
  {
    name: 'recipientLinkSave',
    kind: 'recipient',
    payload: (credential) => ({ link: credential, language: 'en', kinds: ['emergencyFault'], csv: false }),
  },
  { name: 'recipientLinkUnsubscribe', kind: 'recipient', payload: (credential) => ({ link: credential, all: true }) },
  // Activation answers the page's state: a link of no recipient is `failed`, naming no address or project.
  {
    name: 'recipientActivate',
    kind: 'recipient-activation',
    payload: link,
    opensNothing: (body) => JSON.stringify(body.data) === '{"state":"failed","email":null,"projectName":null}',
  },
  { name: 'shareInfo', kind: 'share', payload: link },
  { name: 'shareAccept', kind: 'share', payload: link, withSession: true },
  { name: 'profileShareInfo', kind: 'profile-share', payload: link },
  { name: 'profileShareAccept', kind: 'profile-share', payload: link, withSession: true },
];

/**
 * What a credential of another kind may be answered: 1065 (the link opens nothing), 1054 (no such share
 * link), or 1001 when it has not even the form of the route's own kind.
 */
export const LINK_REFUSALS: readonly number[] = [Code.linkInvalid, Code.checkFailed, Code.badInput];
