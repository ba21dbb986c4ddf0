/**
 * Side-menu index rules of spec section 2. An index is a dash-separated path such as `2-2-1`;
 * its first segment names the top-level section (`2` projects, `10` home).
 */

/** Index active when nothing was chosen yet: the home entry (section 2). */
export const DEFAULT_MENU_INDEX = '10';

/** Section 2: index 2 always opens as 2-1 (project list). */
const OPENS_AS: Readonly<Record<string, string>> = { '2': '2-1' };

/** Index of the network sub-menu; it and its children mark the network entry active (section 2). */
export const NETWORK_MENU_INDEX = '2-2';

/** Entry selected in the menu while the network sub-menu is active: the network list. */
export const NETWORK_MENU_ENTRY = '2-2-1';

/** Remembered side-menu state (section 3: active parent, active child, network flag, open index). */
export interface MenuState {
  /** Full index of the active entry, e.g. `2-2-1`. */
  active: string;
  /** Top-level section of the active entry, kept open in the menu. */
  parent: string;
  /** True while the network sub-menu (2-2, 2-2-2) is marked active. */
  networkActive: boolean;
  /** Last active entry below each parent index, so a parent-only index reopens it. */
  lastChild: Readonly<Record<string, string>>;
}

/** State before any choice: home (index 10) active. */
export const INITIAL_MENU_STATE: MenuState = {
  active: DEFAULT_MENU_INDEX,
  parent: DEFAULT_MENU_INDEX,
  networkActive: false,
  lastChild: {},
};

/** Top-level section of an index: `2` for `2-2-1`. */
export function menuParent(index: string): string {
  return index.split('-')[0] ?? index;
}

/** Every proper ancestor of an index, nearest last: `['2', '2-2']` for `2-2-1`. */
export function menuAncestors(index: string): string[] {
  const parts = index.split('-');
  return parts.slice(1).map((_, depth) => parts.slice(0, depth + 1).join('-'));
}

/** Known entries that lie below an index, in the order given. */
function childrenOf(index: string, known: readonly string[]): string[] {
  return known.filter((entry) => entry.startsWith(`${index}-`));
}

/**
 * The entry a choice lands on (section 2). A known entry is itself; index 2 opens as 2-1; an index
 * that only names a parent reopens its previously active child, else its first known child; an
 * empty or unknown index gives the default 10 (or the first known entry when 10 is not known).
 */
export function resolveMenuIndex(index: string | undefined, state: MenuState, known: readonly string[]): string {
  const fallback = known.includes(DEFAULT_MENU_INDEX) ? DEFAULT_MENU_INDEX : (known[0] ?? DEFAULT_MENU_INDEX);
  if (!index) return fallback;
  const opensAs = OPENS_AS[index];
  if (opensAs && known.includes(opensAs)) return opensAs;
  if (known.includes(index)) return index;
  const children = childrenOf(index, known);
  const remembered = state.lastChild[index];
  if (remembered && children.includes(remembered)) return remembered;
  return children[0] ?? fallback;
}

/** True when the index marks the network sub-menu active (2-2 and everything below it). */
export function isNetworkIndex(index: string): boolean {
  return index === NETWORK_MENU_INDEX || index.startsWith(`${NETWORK_MENU_INDEX}-`);
}

/**
 * Applies a menu choice (section 2): resolves the index, selects its parent and child, remembers
 * it as the last child of each of its ancestors and sets the network flag.
 */
export function chooseMenuIndex(state: MenuState, index: string | undefined, known: readonly string[]): MenuState {
  const active = resolveMenuIndex(index, state, known);
  const lastChild = { ...state.lastChild };
  for (const ancestor of menuAncestors(active)) lastChild[ancestor] = active;
  return { active, parent: menuParent(active), networkActive: isNetworkIndex(active), lastChild };
}

/**
 * Keys an antd-style menu selects and opens for a state: one entry, the active one, and its section.
 * An active entry of the network sub-menu that the menu does not show (`shown`, e.g. the hidden
 * recycle bin 2-2-3) selects the network list instead; one the menu shows (zones, 2-2-2) is selected
 * alone, so the menu never highlights two entries.
 */
export function menuSelection(
  state: MenuState,
  shown?: readonly string[],
): { selectedKeys: string[]; openKeys: string[] } {
  const visible = shown === undefined || shown.includes(state.active);
  const selected = state.networkActive && !visible ? NETWORK_MENU_ENTRY : state.active;
  return { selectedKeys: [selected], openKeys: state.parent === state.active ? [] : [state.parent] };
}
