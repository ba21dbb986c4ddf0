import { chooseGateway, type GatewayState, normaliseGatewayOnLoad } from '@lightwell/domain';
import { readNumber, writeValue } from '../../stores/storage';

/** Browser storage key of the gateway chosen for a project and network (section 3 "gateway choice per pid-nid"). */
export function gatewayChoiceKey(pid: number | null, nid: number): string {
  return `gatewayChoice:${pid ?? 0}-${nid}`;
}

/** The remembered gateway id of a pid-nid, or null. */
export function readGatewayChoice(pid: number | null, nid: number): number | null {
  return readNumber(gatewayChoiceKey(pid, nid));
}

/** Remembers the gateway of a pid-nid; null forgets it. */
export function writeGatewayChoice(pid: number | null, nid: number, gatewayId: number | null): void {
  writeValue(gatewayChoiceKey(pid, nid), gatewayId);
}

/**
 * Section 4 gateway choice for a pid-nid: the list with the on-load rule applied, then the remembered
 * gateway if still listed, else the first online mesh-ready one, else the first. The choice is stored;
 * an empty list clears it and answers null (the caller shows "no gateway").
 */
export function resolveGatewayChoice<T extends GatewayState>(
  gateways: readonly T[],
  pid: number | null,
  nid: number,
): T | null {
  const chosen = chooseGateway(gateways.map(normaliseGatewayOnLoad), readGatewayChoice(pid, nid));
  writeGatewayChoice(pid, nid, chosen?.id ?? null);
  return chosen;
}
