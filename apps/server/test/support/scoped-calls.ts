/** Payload fields that name a project, a network or something inside one (section 6: such calls are scoped). */
const NETWORK_SCOPED_KEYS = [
  'pid',
  'nid',
  'nids',
  'zid',
  'zoneIds',
  'nodeId',
  'deviceId',
  'deviceIds',
  'virtualId',
  'realId',
  'gatewayId',
  'backupId',
  'groupId',
  'sceneId',
  'scheduleId',
  'taskId',
  'faultId',
  'recordId',
] as const;

/** Whether a call's payload names a project, a network or something inside one. */
export const namesNetworkThing = (payload: object): boolean => NETWORK_SCOPED_KEYS.some((key) => key in payload);
