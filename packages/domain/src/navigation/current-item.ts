/** Something chosen from a list by id: a project or a network. */
export interface Identified {
  id: number;
}

/** The item to treat as current, and whether the stored choice must be replaced by it. */
export interface CurrentItem<T> {
  /** Current item, or undefined when the list is empty. */
  item: T | undefined;
  /** True when the stored id differs from the item's id (or must be cleared). */
  changed: boolean;
}

/**
 * Breadcrumb fallback rule (section 2): the stored project or network stays current while it is in
 * the list; when it is missing, the first item becomes current and must be stored; an empty list
 * clears the stored choice.
 */
export function pickCurrentItem<T extends Identified>(
  items: readonly T[],
  storedId: number | null | undefined,
): CurrentItem<T> {
  const stored = storedId == null ? undefined : items.find((entry) => entry.id === storedId);
  const item = stored ?? items[0];
  return { item, changed: (item?.id ?? null) !== (storedId ?? null) };
}

/**
 * Landing rule for the current project (section 2): the stored project while it is listed; else the
 * first listed project that holds one of the user's networks, so that a new member of a shared network
 * lands on that network and not on their own empty default project; else the first project.
 * `withNetworks` holds the ids of the projects in which the user sees at least one network.
 */
export function pickCurrentProject<T extends Identified>(
  projects: readonly T[],
  storedPid: number | null | undefined,
  withNetworks: ReadonlySet<number>,
): CurrentItem<T> {
  const stored = storedPid == null ? undefined : projects.find((entry) => entry.id === storedPid);
  const item = stored ?? projects.find((entry) => withNetworks.has(entry.id)) ?? projects[0];
  return { item, changed: (item?.id ?? null) !== (storedPid ?? null) };
}
