import { emergencyCases, emergencyLinks } from './isolation/emergency.ts';
import { describeIsolation } from './isolation/walk.ts';

describeIsolation('its emergency lighting, by session or by e-mail link', {
  calls: emergencyCases,
  links: emergencyLinks,
});
