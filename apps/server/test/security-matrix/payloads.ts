import { type CallName, calls } from '@lightwell/domain';
import { deviceCases } from '../isolation/devices.ts';
import { emergencyCases } from '../isolation/emergency.ts';
import { networkCases } from '../isolation/networks.ts';
import { reportCases } from '../isolation/reports.ts';
import { MISSING } from '../isolation/walk.ts';
import { ROWS } from '../support/role-rows.ts';
import type { RoleWorld } from '../support/role-world.ts';

/** A 1×1 PNG, as the upload calls take pictures. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SHARE_TOKEN = 'a'.repeat(43);

/**
 * Payloads of the calls that are in neither ROWS nor an isolation table: each names the owner's own
 * things or ids of nothing, valid for the call's schema (the matrix checks it).
 */
const OWN_CALLS = (w: RoleWorld): Partial<Record<CallName, Record<string, unknown>>> => ({
  logout: {},
  userInfo: {},
  updateSetting: { language: 0 },
  updatePassword: { oldPassword: 'Correct-Horse-9', newPassword: 'Correct-Horse-10' },
  nameUpdate: { name: 'Renamed' },
  passwordCheck: { password: 'Correct-Horse-9' },
  emailCode: { email: 'moved@example.com', emailConfirm: 'moved@example.com', password: 'Correct-Horse-9' },
  emailUpdate: { email: 'moved@example.com', code: '123456' },
  projectAll: {},
  projectVoList: {},
  projectInfoList: {},
  projectAdd: { name: 'Matrix project' },
  projectId: {},
  networkAll: {},
  networkRecycleList: {},
  shareList: {},
  shareResend: { id: 999_983 },
  shareRevoke: { id: 999_983 },
  shareAccept: { link: SHARE_TOKEN },
  productList: {},
  productSubVersionList: { productId: w.product.id },
  productAdd: { model: 'MATRIX-1', name: 'Matrix lamp', kind: 'luminaire' },
  productIconUpload: { productId: w.product.id, image: PIXEL },
  productIcon: { productId: w.product.id },
  fileDownloadUrl: { fileName: w.pictureName },
  profileList: { scope: 'mine' },
  profileGet: { profileId: w.systemProfileId },
  profileUpdate: { profileId: w.systemProfileId, name: 'Renamed' },
  profileDelete: { profileId: w.systemProfileId },
  profileCopy: { profileId: w.systemProfileId },
  profileShare: { profileId: w.systemProfileId, emails: ['friend@example.com'] },
  profileShareAccept: { link: SHARE_TOKEN },
  displayTokenRevoke: { id: 999_982 },
  portfolio: {},
  reportState: { id: 999_981 },
  recipientActivate: { link: SHARE_TOKEN },
});

/**
 * One valid payload for every call that needs a session, aimed at the role world's network: the owner's
 * payload of ROWS, else the first of an isolation table (with the world's project and network), else
 * OWN_CALLS. Destructive payloads make their fresh things here, before the walk's first snapshot.
 */
export async function payloadsFor(w: RoleWorld): Promise<Map<CallName, Record<string, unknown>>> {
  const found = new Map<CallName, Record<string, unknown>>();
  for (const row of ROWS) {
    if (!found.has(row.name)) found.set(row.name, await row.payload(w, 'owner'));
  }
  const isolated = [networkCases, deviceCases, reportCases, emergencyCases].flatMap((cases) =>
    cases(w.pid, w.nid, MISSING),
  );
  for (const [name, payload] of isolated) if (!found.has(name)) found.set(name, payload);
  for (const [name, payload] of Object.entries(OWN_CALLS(w))) {
    if (!found.has(name as CallName)) found.set(name as CallName, payload!);
  }
  return found;
}

/** The names of calls whose payload `calls[name].body` refuses (with a signed envelope added). */
export function invalidPayloads(payloads: Map<CallName, Record<string, unknown>>): string[] {
  const envelope = { token: 't'.repeat(43), uid: 1, version: '1.0.0', platform: 3, bundle: 'southgate', sign: 'x' };
  return [...payloads]
    .filter(([name, payload]) => !calls[name].body.safeParse({ ...payload, ...envelope }).success)
    .map(([name, payload]) => {
      const issues = calls[name].body.safeParse({ ...payload, ...envelope }).error?.issues ?? [];
      return `${name}: ${issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`;
    });
}
