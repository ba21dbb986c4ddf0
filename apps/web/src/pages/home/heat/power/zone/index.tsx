import { useZoneHeatPowerQuery } from '../../../../../api/energy';
import { NetworkGate } from '../../../../../features/control/network-gate';
import { HeatMapWorkspace } from '../../../../../features/energy/heat-map-workspace';
import { useEnergyPeriod } from '../../../../../features/energy/use-energy-period';

/** Zone power heat map (/home/heat/power/zone, 1-5): energy per zone and hour of the week, replayed on the plan. */
export function ZonePowerHeatPage() {
  return <NetworkGate>{(nid) => <Workspace nid={nid} />}</NetworkGate>;
}

function Workspace({ nid }: { nid: number }) {
  const period = useEnergyPeriod();
  const query = useZoneHeatPowerQuery(nid, period);
  return <HeatMapWorkspace nid={nid} titleKey="menu.data.zonePowerHeat" rows="zone" period={period} query={query} />;
}
