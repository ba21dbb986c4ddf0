/** A gateway as the status rules see it (section 3). */
export interface GatewayState {
  id: number;
  /** 3 is the mesh type (section 3). */
  gatewayType: number;
  /** 2 is online. */
  status: number;
  /** 1 is mesh-ready. */
  meshStatus: number;
}

/** Section 4: a gateway is online when it is of type 3 with status 2, or mesh-ready with status 2. */
export function isGatewayOnline(gateway: GatewayState): boolean {
  return gateway.status === 2 && (gateway.gatewayType === 3 || gateway.meshStatus === 1);
}

/** Section 4 on load: a type-3 gateway with status 2 is mesh-ready. */
export function normaliseGatewayOnLoad<T extends GatewayState>(gateway: T): T {
  return gateway.gatewayType === 3 && gateway.status === 2 ? { ...gateway, meshStatus: 1 } : gateway;
}

/**
 * Section 4 remembered choice per project and network: the remembered gateway if it is still listed,
 * else the first online mesh-ready gateway, else the first gateway; null for an empty list (the
 * caller then clears the choice and reports "no gateway").
 */
export function chooseGateway<T extends GatewayState>(gateways: readonly T[], rememberedId: number | null): T | null {
  if (gateways.length === 0) return null;
  const remembered = gateways.find((g) => g.id === rememberedId);
  if (remembered) return remembered;
  return gateways.find((g) => isGatewayOnline(g) && g.meshStatus === 1) ?? gateways[0]!;
}

/** Why a gateway operation is refused before it is sent (section 5), or null when it may go. */
export type GatewayRefusal = 'loc933' | 'loc934' | 'loc938' | null;

/**
 * Section 5 gateway operation checks: no device selected → loc933; status not 2 → loc934; a gateway
 * not of type 3 that is not mesh-ready → loc938. Each is shown as a 3-second error.
 */
export function gatewayOperationRefusal(gateway: GatewayState, selectedDevices: number): GatewayRefusal {
  if (selectedDevices === 0) return 'loc933';
  if (gateway.status !== 2) return 'loc934';
  if (gateway.gatewayType !== 3 && gateway.meshStatus !== 1) return 'loc938';
  return null;
}
