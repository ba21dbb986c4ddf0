import type { EnergySpan, HeatMap, NetworkEnergy } from '@lightwell/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';

/** The period a figure is asked for: a span ending at `until` (epoch seconds), or now when left out. */
export interface EnergyPeriodInput {
  span: EnergySpan;
  until?: number;
}

/** The four heat maps of the data menu (pages 1-3 to 1-7). */
export type HeatMapKind = 'zoneSensor' | 'zonePower' | 'deviceSensor' | 'devicePower';

/** Query keys of energy figures, per uid: a network's overview and its heat maps, per period (and zone). */
const energyKeys = {
  all: (uid: number | null) => ['energy', uid] as const,
  network: (uid: number | null, nid: number) => [...energyKeys.all(uid), 'network', nid] as const,
  overview: (uid: number | null, nid: number, period: EnergyPeriodInput) =>
    [...energyKeys.network(uid, nid), 'overview', period.span, period.until ?? null] as const,
  heat: (uid: number | null, nid: number, kind: HeatMapKind, period: EnergyPeriodInput, zid?: number) =>
    [...energyKeys.network(uid, nid), 'heat', kind, period.span, period.until ?? null, zid ?? null] as const,
};

// Figures of a closed hour do not change; those of the current one grow with each report.
const FIGURES_STALE_MS = 60_000;

const payload = (nid: number, period: EnergyPeriodInput) => ({
  nid,
  span: period.span,
  ...(period.until === undefined ? {} : { until: period.until }),
});

/** Energy, cost, CO2 and savings of a network over a period (`/home/network`, 1-1). */
export function useNetworkEnergyQuery(nid: number, period: EnergyPeriodInput) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: energyKeys.overview(uid, nid, period),
    queryFn: async (): Promise<NetworkEnergy | null> => (await call('networkEnergy', payload(nid, period))) ?? null,
    enabled: uid !== null,
    staleTime: FIGURES_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

function useHeatMapQuery(
  kind: HeatMapKind,
  nid: number,
  load: () => Promise<HeatMap | null>,
  period: EnergyPeriodInput,
  zid?: number,
) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: energyKeys.heat(uid, nid, kind, period, zid),
    queryFn: load,
    enabled: uid !== null,
    staleTime: FIGURES_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** Sensor triggers per zone and hour of the week (`/home/heat/sensor/zone`, 1-3). */
export function useZoneHeatSensorQuery(nid: number, period: EnergyPeriodInput) {
  return useHeatMapQuery(
    'zoneSensor',
    nid,
    async () => (await call('zoneHeatSensor', payload(nid, period))) ?? null,
    period,
  );
}

/** Energy per zone and hour of the week (`/home/heat/power/zone`, 1-5). */
export function useZoneHeatPowerQuery(nid: number, period: EnergyPeriodInput) {
  return useHeatMapQuery(
    'zonePower',
    nid,
    async () => (await call('zoneHeatPower', payload(nid, period))) ?? null,
    period,
  );
}

/** Sensor triggers per sensor and hour of the week, optionally in one zone (`/home/sensor/device`, 1-6). */
export function useDeviceHeatSensorQuery(nid: number, period: EnergyPeriodInput, zid?: number) {
  return useHeatMapQuery(
    'deviceSensor',
    nid,
    async () =>
      (await call('deviceHeatSensor', { ...payload(nid, period), ...(zid === undefined ? {} : { zid }) })) ?? null,
    period,
    zid,
  );
}

/** Energy per luminaire and hour of the week, optionally in one zone (`/home/power/device`, 1-7). */
export function useDeviceHeatPowerQuery(nid: number, period: EnergyPeriodInput, zid?: number) {
  return useHeatMapQuery(
    'devicePower',
    nid,
    async () =>
      (await call('deviceHeatPower', { ...payload(nid, period), ...(zid === undefined ? {} : { zid }) })) ?? null,
    period,
    zid,
  );
}
