// Isolation cases of projects, networks, their members and sharing, zones and the plan, files and backups
// (the calls of packages/domain/src/calls/ project, network, share, zone, file and backup).
import type { ForeignCalls } from './walk.ts';

/** Every call of the area that names a project or a network, with a payload aimed at someone else's ids. */
export const networkCases: ForeignCalls = (pid, nid, inner) => {
  const key = JSON.stringify({ id: nid, name: 'Taken', category: 'office', electricityPrice: 1, currency: 'EUR' });
  return [
    ['projectNetworkAll', { pid }],
    ['projectUpdate', { pid, name: 'Taken' }],
    ['projectUpdateId', { pid }],
    ['projectDelete', { pid }],
    ['networkVoList', { pid }],
    ['networkPidList', { pid }],
    ['networkVoByNid', { nid }],
    ['networkId', { nid }],
    ['networkAdd', { pid, name: 'Planted' }],
    ['networkVoUpdate', { pid, key }],
    ['networkDelete', { nid }],
    ['networkMoveList', { nid }],
    ['networkMoveSave', { nid, pid }],
    ['networkPatchMoveSave', { nids: [nid], pid }],
    ['networkUserList', { nid }],
    ['networkUserDelete', { nid, memberUid: 1 }],
    ['networkUserTransfer', { nid, memberUid: 1 }],
    ['networkRecycleRestore', { nid }],
    ['networkAuditList', { nid }],
    ['shareNetwork', { nid, emails: ['someone@example.com'], userType: 3 }],
    ['shareProject', { pid, emails: ['someone@example.com'], userType: 3 }],
    ['zoneList', { nid }],
    ['zoneAdd', { nid, name: 'Planted' }],
    ['zoneUpdate', { zid: inner.zid, name: 'Taken' }],
    ['zoneConfig', { zid: inner.zid, configId: 1 }],
    ['zoneDelete', { zid: inner.zid }],
    ['nodeAdd', { nid, name: 'Planted' }],
    ['nodeUpdate', { nodeId: inner.nodeId, positionX: 1 }],
    ['nodeDelete', { nodeId: inner.nodeId }],
    ['viewStateGet', { nid }],
    ['viewStateSave', { nid, zoom: 2, imgX: 0, imgY: 0 }],
    ['fileDelete', { fileName: inner.fileName }],
    ['backupAdd', { nid }],
    ['backupList', { nid }],
    ['backupView', { backupId: inner.backupId }],
    ['backupRestore', { backupId: inner.backupId }],
    ['backupDelete', { backupId: inner.backupId }],
  ];
};
