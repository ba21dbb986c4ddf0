import { reportCases } from './isolation/reports.ts';
import { describeIsolation } from './isolation/walk.ts';

describeIsolation('its energy, tariffs, sensor diagnosis, report setup, report cycles, downloads and statistics', {
  calls: reportCases,
});
