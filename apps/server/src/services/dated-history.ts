import type { NetworkRow } from '../policies/access.ts';

/**
 * Dated entries of networks (tariff versions, CO2 factor set choices), given in date order, grouped by
 * network; a network with none stored has its opening entry: what it had from the day it was created.
 */
export function historiesByNetwork<T>(
  rows: readonly NetworkRow[],
  stored: readonly { nid: number; entry: T }[],
  opening: (row: NetworkRow) => T,
): Map<number, T[]> {
  const byNetwork = new Map<number, T[]>(rows.map((row) => [row.id, []]));
  for (const { nid, entry } of stored) byNetwork.get(nid)?.push(entry);
  for (const row of rows) if (byNetwork.get(row.id)!.length === 0) byNetwork.set(row.id, [opening(row)]);
  return byNetwork;
}
