import { networkCases } from './isolation/networks.ts';
import { describeIsolation } from './isolation/walk.ts';

describeIsolation('its projects, networks, members, sharing, zones, files and backups', { calls: networkCases });
