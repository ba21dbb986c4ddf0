import {
  type Currency,
  canEditNetwork,
  canRemoveTariffVersion,
  type EnergyBase,
  epochSeconds,
  type Member,
  type TariffBandRecord,
  withValidTo,
} from '@lightwell/domain';
import type { NetworkRow } from '../db/queries/networks.ts';

/** A stored tariff version with the name of who added it (null for the opening version). */
export interface StoredVersion {
  validFrom: string;
  pricePerKWh: number;
  currency: Currency;
  standingChargePerDay: number | null;
  bands: TariffBandRecord[];
  createdByName: string | null;
  createdAt: Date | null;
}

/**
 * A network's dated choice of CO2 factor set (`docs/decisions.md`, "Tariff history"): from its local date
 * on, the first also before it; `factorSetId` null is "none chosen". `createdAt` null for the opening choice.
 */
export interface StoredChoice {
  validFrom: string;
  factorSetId: string | null;
  createdByName: string | null;
  createdAt: Date | null;
}

/** The choices as the energy base presents them, each with the date the next one starts. */
function presentChoices(choices: readonly StoredChoice[]) {
  return withValidTo(choices).map((choice) => ({
    validFrom: choice.validFrom,
    validTo: choice.validTo,
    factorSetId: choice.factorSetId,
    createdByName: choice.createdByName,
    createdAt: choice.createdAt ? epochSeconds(choice.createdAt) : null,
  }));
}

/**
 * A network's energy base as `uid` sees it on the network's local date `today` (only these fields leave the
 * server).
 */
export function presentEnergyBase(
  network: NetworkRow,
  today: string,
  versions: readonly StoredVersion[],
  choices: readonly StoredChoice[],
  members: readonly Member[],
  uid: number,
): EnergyBase {
  const canEdit = canEditNetwork(members, uid);
  return {
    nid: network.id,
    name: network.name,
    timeZone: network.timeZone,
    today,
    electricityPrice: network.electricityPrice,
    currency: network.currency,
    versions: withValidTo(versions).map((v) => ({
      validFrom: v.validFrom,
      validTo: v.validTo,
      pricePerKWh: v.pricePerKWh,
      currency: v.currency,
      standingChargePerDay: v.standingChargePerDay,
      bands: v.bands,
      createdByName: v.createdByName,
      createdAt: v.createdAt ? epochSeconds(v.createdAt) : null,
      removable: canEdit && canRemoveTariffVersion(v.validFrom, today, versions),
    })),
    factorSetId: network.factorSetId,
    factorSetChoices: presentChoices(choices),
    estimate: { ratedPowerW: network.estimateRatedW, standbyW: network.estimateStandbyW },
    canEdit,
  };
}
