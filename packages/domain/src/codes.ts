/**
 * Result codes answered in the `code` field of every call (spec section 8).
 * Codes the spec names keep its meaning; the others are Lightwell's own and documented in docs/api.md.
 */
export const Code = {
  /** Success. */
  ok: 0,
  /** Unexpected server failure ("server busy"). The only code answered with an HTTP 5xx. */
  serverBusy: 1000,
  /** Input failed validation: malformed JSON, wrong type, missing or unknown field, control characters. */
  badInput: 1001,
  /** Request body larger than the limit (1 MiB). */
  bodyTooLarge: 1003,
  /** No call is served at this path. */
  notFound: 1004,
  /** Signature missing or wrong (section 5 request signing). */
  badSignature: 1011,
  /** Session invalid: missing, unknown, revoked or expired token (section 8). */
  sessionInvalid: 1012,
  /** No permission, or the project/network does not exist for this user. */
  noPermission: 1013,
  /** Name or user already exists (section 8). */
  nameTaken: 1016,
  /** Wrong e-mail or unknown account (section 8). */
  unknownAccount: 1017,
  /** Wrong password (section 8). */
  wrongPassword: 1018,
  /** Too many attempts or requests; `data.retryAfter` gives the seconds to wait. */
  tooManyAttempts: 1019,
  /** Verification code wrong, expired or used up. */
  badVerificationCode: 1053,
  /** Empty list, treated as success (section 8). */
  emptyList: 1050,
  /** Already registered (section 8). */
  alreadyRegistered: 1051,
  /** E-mail problem: the message could not be sent (section 8). */
  mailFailed: 1052,
  /** Password check failed or data not found (section 8). */
  checkFailed: 1054,
  /** On project delete: the project still has networks (section 8). */
  projectHasNetworks: 1057,
  /** The network cannot be deleted: other users are still in it (section 8). */
  networkNotDeletable: 1062,
  /** The zone contains devices (nodes): move or delete them before deleting the zone (section 8). */
  zoneHasNodes: 1063,
  /** Sharing refused for some recipients: already in it, already invited, or not eligible; `data.emails`. */
  shareRefused: 1064,
  /** The share link is no longer valid: used, withdrawn, expired, or for another account. */
  linkInvalid: 1065,
  /** Upload failure: not a JPG, PNG or BMP image by its content, or its size cannot be read (section 5). */
  imageRefused: 1066,
  /** Upload failure: the image is larger than 3 MiB (section 9: image 3 MB). */
  imageTooLarge: 1067,
  /** The network has no gateway: add one before sending commands (section 8 "no gateway"). */
  noGateway: 1070,
  /** No device selected for the operation (section 5 loc933). */
  noDeviceSelected: 1071,
  /** The gateway is not online, status is not 2 (section 5 loc934, "gateway offline"). */
  gatewayOffline: 1072,
  /** A gateway that is not of type 3 is not mesh-ready (section 5 loc938, "mesh off-line"). */
  meshOffline: 1073,
  /** The gateway is executing a task, so adding another failed (section 8). */
  gatewayBusy: 1074,
  /** Every selected device is offline (section 8 "device not online"). */
  deviceNotOnline: 1075,
  /** A bound virtual device must be unbound before it is deleted (section 8). */
  deviceBound: 1076,
  /** The virtual device's model does not match the real device's (section 8 "device model inconsistent"). */
  modelMismatch: 1077,
  /** A group or scene that holds real devices cannot be deleted (section 8). */
  hasRealDevices: 1078,
  /** A luminaire already belongs to 16 scenes, the device's slots; `data.devices` names them. */
  sceneSlotsFull: 1079,
  /** A configuration profile in use cannot be deleted (section 6). */
  profileInUse: 1080,
  /** System default profiles cannot be edited or deleted (section 6). */
  profileReadOnly: 1081,
  /** The MAC address is already used by another device of the network. */
  macTaken: 1082,
  /** The task has already ended and can no longer be canceled. */
  taskEnded: 1083,
  /** Confirming a fault is refused until its safeguard and rectification are filled (section 4). */
  faultStepsMissing: 1100,
  /** Only the user who confirmed a fault may change the confirmation (section 4). */
  notConfirmer: 1101,
  /** The fault is closed (its retest passed): no further workflow steps. */
  faultClosed: 1102,
  /** The fault is already confirmed: change the confirmation instead. */
  alreadyConfirmed: 1103,
  /** The fault is not confirmed yet: there is no confirmation to change. */
  notConfirmed: 1104,
  /**
   * The automatic report cannot be restated or sent again now: it is still due (being built or sent),
   * was skipped, or a newer version of it exists.
   */
  reportRunBusy: 1105,
} as const;

/** One of the result codes above. */
export type CodeValue = (typeof Code)[keyof typeof Code];

/** Calls on which 1050 is a refusal, not an empty list (section 8: on project delete a specific error). */
const EMPTY_LIST_IS_ERROR: ReadonlySet<string> = new Set(['projectDelete']);

/**
 * Codes that mean success to a client (section 8): 0, and 1050 (an empty list) except on the calls
 * where 1050 is a specific error.
 */
export function isSuccessCode(code: number, callName?: string): boolean {
  if (code === Code.ok) return true;
  return code === Code.emptyList && !(callName && EMPTY_LIST_IS_ERROR.has(callName));
}
