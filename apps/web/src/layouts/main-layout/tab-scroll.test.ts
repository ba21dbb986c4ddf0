import { Limits } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { scrollLeftToShow } from './tab-scroll';

const padding = Limits.tabScrollPaddingPx;
/** A strip 300 px wide over 500 px of tabs, scrolled `scrollLeft`. */
const strip = (scrollLeft: number) => ({ scrollLeft, clientWidth: 300, scrollWidth: 500 });

describe('scrolling a tab into view (section 9: tab scroll padding 4 px)', () => {
  it('is 4 px', () => {
    expect(padding).toBe(4);
  });

  it('leaves the strip alone while the tab and its padding are in view', () => {
    expect(scrollLeftToShow(strip(100), { offsetLeft: 150, offsetWidth: 100 }, padding)).toBe(100);
  });

  it('keeps the padding on the left of a tab hidden to the left', () => {
    expect(scrollLeftToShow(strip(200), { offsetLeft: 150, offsetWidth: 100 }, padding)).toBe(146);
    // Partly hidden by less than the padding still counts.
    expect(scrollLeftToShow(strip(148), { offsetLeft: 150, offsetWidth: 100 }, padding)).toBe(146);
  });

  it('keeps the padding on the right of a tab hidden to the right', () => {
    expect(scrollLeftToShow(strip(0), { offsetLeft: 250, offsetWidth: 100 }, padding)).toBe(54);
    expect(scrollLeftToShow(strip(0), { offsetLeft: 150, offsetWidth: 148 }, padding)).toBe(2);
  });

  it('stays within the strip', () => {
    expect(scrollLeftToShow(strip(100), { offsetLeft: 2, offsetWidth: 100 }, padding)).toBe(0);
    expect(scrollLeftToShow(strip(0), { offsetLeft: 400, offsetWidth: 100 }, padding)).toBe(200);
  });

  it('shows the start of a tab wider than the strip', () => {
    expect(scrollLeftToShow(strip(0), { offsetLeft: 100, offsetWidth: 320 }, padding)).toBe(96);
  });
});
