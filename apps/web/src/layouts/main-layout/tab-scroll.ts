/** The scrolling strip: how far it is scrolled, how wide its window is, how wide its content. */
export interface StripScroll {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** A tab's place in the strip's content: left edge and width, in pixels. */
export interface TabBox {
  offsetLeft: number;
  offsetWidth: number;
}

/**
 * Where the strip scrolls so that `tab` is in view with `padding` pixels between it and the strip's edge
 * (section 9: 4 px): unchanged when it already is; else just far enough, keeping the padding on the side
 * the tab came in from. A tab wider than the window shows its start.
 */
export function scrollLeftToShow(strip: StripScroll, tab: TabBox, padding: number): number {
  const max = Math.max(0, strip.scrollWidth - strip.clientWidth);
  const start = tab.offsetLeft - padding;
  const end = tab.offsetLeft + tab.offsetWidth + padding;
  let left = strip.scrollLeft;
  if (start < left || end - start > strip.clientWidth) left = start;
  else if (end > left + strip.clientWidth) left = end - strip.clientWidth;
  return Math.min(max, Math.max(0, left));
}
