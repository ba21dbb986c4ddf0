import { deviceCases } from './isolation/devices.ts';
import { describeIsolation } from './isolation/walk.ts';

describeIsolation('its devices, gateways, control, tasks, profiles, groups, scenes, schedules and displays', {
  calls: deviceCases,
});
