import {
  epochSeconds,
  type Member,
  type NetworkDetail,
  type NetworkSummary,
  networkAbilities,
} from '@lightwell/domain';
import type { NetworkRow } from '../policies/access.ts';

/** A network in lists, as `uid` sees it. */
export function presentNetworkSummary(row: NetworkRow, members: Member[], uid: number): NetworkSummary {
  return {
    id: row.id,
    pid: row.pid,
    name: row.name,
    category: row.category,
    electricityPrice: row.electricityPrice,
    currency: row.currency,
    userType: members.find((m) => m.uid === uid)?.userType ?? 0,
    memberCount: members.length,
    createTime: epochSeconds(row.createdAt),
    updatedAt: epochSeconds(row.updatedAt),
    timeZone: row.timeZone,
    abilities: networkAbilities(members, uid),
  };
}

/** A network with its floor plan, as `uid` sees it. */
export function presentNetworkDetail(
  row: NetworkRow,
  members: Member[],
  uid: number,
  project: { name: string; ownerName: string },
): NetworkDetail {
  return {
    ...presentNetworkSummary(row, members, uid),
    pName: project.name,
    pOwnerName: project.ownerName,
    image: row.image,
    imageSize: { width: row.imageWidth, height: row.imageHeight },
  };
}

/** The fields an audit event keeps of a network. */
export function auditNetwork(row: NetworkRow) {
  return {
    id: row.id,
    pid: row.pid,
    name: row.name,
    category: row.category,
    electricityPrice: row.electricityPrice,
    currency: row.currency,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}
