import { useDeviceHeatPowerQuery } from '../../../../api/energy';
import { NetworkGate } from '../../../../features/control/network-gate';
import { HeatMapWorkspace } from '../../../../features/energy/heat-map-workspace';
import { useEnergyPeriod } from '../../../../features/energy/use-energy-period';

/** Device power heat map (/home/power/device, 1-7): energy per luminaire and hour of the week, optionally in one zone. */
export function DevicePowerHeatPage() {
  return <NetworkGate>{(nid) => <Workspace nid={nid} />}</NetworkGate>;
}

function Workspace({ nid }: { nid: number }) {
  const period = useEnergyPeriod();
  const query = useDeviceHeatPowerQuery(nid, period, period.zid);
  return (
    <HeatMapWorkspace nid={nid} titleKey="menu.data.devicePowerHeat" rows="device" period={period} query={query} />
  );
}
