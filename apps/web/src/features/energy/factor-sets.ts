/** A CO2 factor set as a figure names it. */
interface NamedSet {
  factorSetId: string;
  factorLabel: string;
}

/**
 * The names of the factor sets a CO2 figure was converted with, each once, as a list in the interface
 * language ("A and B"): a figure over days before and after a change of set names both.
 */
export function factorSetNames(sets: readonly NamedSet[], language: string): string {
  const labels = [...new Map(sets.map((set) => [set.factorSetId, set.factorLabel])).values()];
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(labels);
}
