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
