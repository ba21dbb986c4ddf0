/**
 * Where a fitting is, as a cell reads it: its zone and its location, the location left out when it only
 * repeats the zone ("Corridor", not "Corridor · Corridor").
 */
export function placeText(zoneName: string | null, location: string | null): string {
  const zone = zoneName?.trim() ?? '';
  const place = location?.trim() ?? '';
  return [zone, place === zone ? '' : place].filter(Boolean).join(' · ');
}
