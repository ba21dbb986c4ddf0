import { useDeviceHeatSensorQuery } from '../../../../api/energy';
import { NetworkGate } from '../../../../features/control/network-gate';
import { HeatMapWorkspace } from '../../../../features/energy/heat-map-workspace';
import { useEnergyPeriod } from '../../../../features/energy/use-energy-period';

/** Device sensor heat map (/home/sensor/device, 1-6): triggers per sensor and hour of the week, optionally in one zone. */
export function DeviceSensorHeatPage() {
  return <NetworkGate>{(nid) => <Workspace nid={nid} />}</NetworkGate>;
}

function Workspace({ nid }: { nid: number }) {
  const period = useEnergyPeriod();
  const query = useDeviceHeatSensorQuery(nid, period, period.zid);
  return (
    <HeatMapWorkspace nid={nid} titleKey="menu.data.deviceSensorHeat" rows="device" period={period} query={query} />
  );
}
