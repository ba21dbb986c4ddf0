import { useZoneHeatSensorQuery } from '../../../../../api/energy';
import { NetworkGate } from '../../../../../features/control/network-gate';
import { HeatMapWorkspace } from '../../../../../features/energy/heat-map-workspace';
import { useEnergyPeriod } from '../../../../../features/energy/use-energy-period';

/** Zone sensor heat map (/home/heat/sensor/zone, 1-3): sensor triggers per zone and hour of the week, replayed on the plan. */
export function ZoneSensorHeatPage() {
  return <NetworkGate>{(nid) => <Workspace nid={nid} />}</NetworkGate>;
}

function Workspace({ nid }: { nid: number }) {
  const period = useEnergyPeriod();
  const query = useZoneHeatSensorQuery(nid, period);
  return <HeatMapWorkspace nid={nid} titleKey="menu.data.zoneSensorHeat" rows="zone" period={period} query={query} />;
}
