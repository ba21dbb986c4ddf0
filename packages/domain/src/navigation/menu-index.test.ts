import { describe, expect, it } from 'vitest';
import {
  chooseMenuIndex,
  INITIAL_MENU_STATE,
  menuAncestors,
  menuParent,
  menuSelection,
  resolveMenuIndex,
} from './menu-index.ts';

const known = ['10', '2-1', '2-2-1', '2-2-2', '2-3', '9-0', '9-1', '9-3'];

describe('menu index rules (section 2)', () => {
  it('splits an index into its section and ancestors', () => {
    expect(menuParent('2-2-1')).toBe('2');
    expect(menuParent('10')).toBe('10');
    expect(menuAncestors('2-2-1')).toEqual(['2', '2-2']);
    expect(menuAncestors('10')).toEqual([]);
  });

  it('defaults to 10 for an empty or unknown index', () => {
    expect(resolveMenuIndex(undefined, INITIAL_MENU_STATE, known)).toBe('10');
    expect(resolveMenuIndex('', INITIAL_MENU_STATE, known)).toBe('10');
    expect(resolveMenuIndex('7-7', INITIAL_MENU_STATE, known)).toBe('10');
    expect(INITIAL_MENU_STATE.active).toBe('10');
  });

  it('falls back to the first known entry when home is not known', () => {
    expect(resolveMenuIndex('7', INITIAL_MENU_STATE, ['9-1'])).toBe('9-1');
  });

  it('opens index 2 as 2-1 even after another child was active', () => {
    const state = chooseMenuIndex(INITIAL_MENU_STATE, '2-3', known);
    expect(chooseMenuIndex(state, '2', known).active).toBe('2-1');
  });

  it('selects parent and child of a chosen entry', () => {
    const state = chooseMenuIndex(INITIAL_MENU_STATE, '9-3', known);
    expect(state).toMatchObject({ active: '9-3', parent: '9', networkActive: false });
    expect(menuSelection(state)).toEqual({ selectedKeys: ['9-3'], openKeys: ['9'] });
  });

  it('reopens the previously active child for a parent-only index', () => {
    let state = chooseMenuIndex(INITIAL_MENU_STATE, '9-3', known);
    state = chooseMenuIndex(state, '10', known);
    expect(chooseMenuIndex(state, '9', known).active).toBe('9-3');
  });

  it('opens the first child of a parent never visited', () => {
    expect(chooseMenuIndex(INITIAL_MENU_STATE, '9', known).active).toBe('9-0');
  });

  it('ignores a remembered child that is no longer known', () => {
    const state = chooseMenuIndex(INITIAL_MENU_STATE, '9-3', known);
    expect(chooseMenuIndex(state, '9', ['10', '9-1']).active).toBe('9-1');
  });

  it('marks the network sub-menu for 2-2 and 2-2-2', () => {
    const zone = chooseMenuIndex(INITIAL_MENU_STATE, '2-2-2', known);
    expect(zone.networkActive).toBe(true);
    // The zones entry is in the menu: it alone is highlighted, not the network list too.
    expect(menuSelection(zone)).toEqual({ selectedKeys: ['2-2-2'], openKeys: ['2'] });
    expect(menuSelection(zone, known)).toEqual({ selectedKeys: ['2-2-2'], openKeys: ['2'] });
    // The recycle bin (2-2-3) is not in the menu: the network list stands for it.
    const recycle = chooseMenuIndex(INITIAL_MENU_STATE, '2-2-3', [...known, '2-2-3']);
    expect(menuSelection(recycle, known)).toEqual({ selectedKeys: ['2-2-1'], openKeys: ['2'] });
    const sub = chooseMenuIndex(INITIAL_MENU_STATE, '2-2', known);
    expect(sub).toMatchObject({ active: '2-2-1', networkActive: true });
    expect(chooseMenuIndex(zone, '2-2', known).active).toBe('2-2-2');
    expect(chooseMenuIndex(zone, '2-3', known).networkActive).toBe(false);
  });

  it('keeps home as a top-level entry with nothing to open', () => {
    expect(menuSelection(INITIAL_MENU_STATE)).toEqual({ selectedKeys: ['10'], openKeys: [] });
  });
});
