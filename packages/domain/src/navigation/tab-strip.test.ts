import { describe, expect, it } from 'vitest';
import { pathAfterClose, tabStripReducer, type ViewTab } from './tab-strip.ts';

const home: ViewTab = { path: '/first/index', titleKey: 'menu.home', pinned: true };
const tab = (path: string): ViewTab => ({ path, titleKey: `menu.${path}` });
const paths = (tabs: readonly ViewTab[]) => tabs.map((t) => t.path);

function openAll(start: readonly ViewTab[], names: string[]) {
  return names.reduce((tabs, name) => tabStripReducer(tabs, { type: 'open', tab: tab(name) }), start);
}

describe('tab strip (section 2: at most 4, pinned home, oldest unpinned dropped)', () => {
  it('adds a view once', () => {
    const tabs = openAll([home], ['/a', '/a']);
    expect(paths(tabs)).toEqual(['/first/index', '/a']);
    expect(tabStripReducer(tabs, { type: 'open', tab: tab('/a') })).toBe(tabs);
  });

  it('updates the title of a view opened again', () => {
    const tabs = openAll([home], ['/a']);
    const next = tabStripReducer(tabs, { type: 'open', tab: { path: '/a', titleKey: 'menu.other' } });
    expect(next[1]?.titleKey).toBe('menu.other');
  });

  it('keeps at most four tabs and drops the oldest unpinned one', () => {
    const tabs = openAll([home], ['/a', '/b', '/c', '/d']);
    expect(paths(tabs)).toEqual(['/first/index', '/b', '/c', '/d']);
    expect(paths(openAll(tabs, ['/e']))).toEqual(['/first/index', '/c', '/d', '/e']);
  });

  it('drops an unpinned tab even when the pinned one is not first', () => {
    const pinnedLater = openAll([tab('/a'), { ...home }], ['/b', '/c', '/d']);
    expect(paths(pinnedLater)).toEqual(['/first/index', '/b', '/c', '/d']);
  });

  it('never drops pinned tabs, even past the limit', () => {
    const pins = ['/p1', '/p2', '/p3', '/p4'].map((path) => ({ path, titleKey: 'x', pinned: true }));
    expect(paths(tabStripReducer(pins, { type: 'open', tab: tab('/a') }, 4))).toEqual([
      '/p1',
      '/p2',
      '/p3',
      '/p4',
      '/a',
    ]);
  });

  it('closes unpinned tabs only', () => {
    const tabs = openAll([home], ['/a', '/b']);
    expect(paths(tabStripReducer(tabs, { type: 'close', path: '/a' }))).toEqual(['/first/index', '/b']);
    expect(tabStripReducer(tabs, { type: 'close', path: '/first/index' })).toBe(tabs);
  });

  it('closes the others and resets to the pinned tabs', () => {
    const tabs = openAll([home], ['/a', '/b', '/c']);
    expect(paths(tabStripReducer(tabs, { type: 'closeOthers', path: '/b' }))).toEqual(['/first/index', '/b']);
    expect(paths(tabStripReducer(tabs, { type: 'reset' }))).toEqual(['/first/index']);
  });

  it('picks the neighbour after closing the active tab', () => {
    const tabs = openAll([home], ['/a', '/b', '/c']);
    expect(pathAfterClose(tabs, '/b', '/b')).toBe('/c');
    expect(pathAfterClose(tabs, '/c', '/c')).toBe('/b');
    expect(pathAfterClose(tabs, '/a', '/c')).toBe('/c');
    expect(pathAfterClose(tabs, '/first/index', '/first/index')).toBe('/first/index');
  });
});
