import type { Locator, Page } from '@playwright/test';

/**
 * Waits until the page has settled: no spinner or skeleton, fonts loaded, no finite animation or
 * transition running (the route fade, the sidebar's width), and two frames drawn after that.
 */
export async function waitSettled(page: Page) {
  await page.waitForFunction(
    () => {
      if (document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .lw-page-loading')) return false;
      if (document.fonts.status !== 'loaded') return false;
      return document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        );
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * What is wrong with the layout as drawn now, one line each:
 * - the page itself scrolls sideways (only tables may scroll inside themselves);
 * - a table header cell, or a name cell, is narrower than its longest word;
 * - a row action is not visible without scrolling (outside the window or the table's visible part), or a
 *   row's actions do not sit on one line.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(`page scrolls sideways: ${root.scrollWidth} px content in ${root.clientWidth} px`);
    }

    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    const longestWord = (element: Element) => {
      const text = (element.textContent ?? '').trim();
      if (!context || !text) return { word: '', width: 0 };
      context.font = getComputedStyle(element).font;
      return text
        .split(/\s+/)
        .map((word) => ({ word, width: context.measureText(word).width }))
        .reduce((widest, next) => (next.width > widest.width ? next : widest));
    };
    const contentWidth = (cell: HTMLElement) => {
      const style = getComputedStyle(cell);
      return cell.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };

    for (const table of Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper')).filter(visible)) {
      const cells = [
        ...Array.from(table.querySelectorAll<HTMLElement>('thead th')).map((cell) => ({
          cell,
          text: cell.querySelector('.ant-table-column-title') ?? cell,
        })),
        ...Array.from(table.querySelectorAll<HTMLElement>('tbody td.lw-name-column')).map((cell) => ({
          cell,
          text: cell.querySelector('.lw-name-cell__open span, .lw-name-cell__text') ?? cell,
        })),
      ];
      for (const { cell, text } of cells) {
        if (!visible(cell) || cell.classList.contains('ant-table-selection-column')) continue;
        const { word, width } = longestWord(text);
        const room = contentWidth(cell);
        if (word && width > room + 1) {
          problems.push(`cell narrower than "${word}": ${Math.round(room)} px for ${Math.round(width)} px`);
        }
      }

      const scroller = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ?? table;
      const area = scroller.getBoundingClientRect();
      for (const row of Array.from(table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row'))) {
        const last = row.lastElementChild;
        if (!last) continue;
        const actions = Array.from(last.querySelectorAll<HTMLElement>('button, a')).filter(visible);
        const name = row.querySelector('.lw-name-column')?.textContent?.trim() ?? row.textContent?.slice(0, 30);
        for (const action of actions) {
          const rect = action.getBoundingClientRect();
          const inside =
            rect.left >= Math.max(area.left, 0) - 1 && rect.right <= Math.min(area.right, window.innerWidth) + 1;
          if (!inside) {
            problems.push(`row action "${action.textContent?.trim() || action.ariaLabel}" of "${name}" is off view`);
          }
        }
        const tops = actions.map((action) => action.getBoundingClientRect().top);
        if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 4) {
          problems.push(`row actions of "${name}" wrap onto ${new Set(tops.map(Math.round)).size} lines`);
        }
      }
    }
    return problems;
  });
}

/**
 * What keeps part of an element out of view, one line each, none when all of it shows: the window's edges,
 * or an ancestor that clips it (a table's scrolling part, a chart's box), so a column that only a sideways
 * scroll would bring in counts as hidden. `axes` 'x' looks across only (a row further down the page may
 * need the page scrolled down to it, never sideways).
 */
export async function hiddenParts(locator: Locator, axes: 'xy' | 'x' = 'xy'): Promise<string[]> {
  return locator.evaluate((element, acrossOnly) => {
    const rect = element.getBoundingClientRect();
    const label = (element.textContent ?? '').trim().slice(0, 40) || element.tagName.toLowerCase();
    if (rect.width === 0 || rect.height === 0) return [`"${label}" is not drawn`];
    const problems: string[] = [];
    const check = (
      what: string,
      box: { left: number; top: number; right: number; bottom: number },
      across: boolean,
      down: boolean,
    ) => {
      const sides = [
        across && rect.left < box.left - 1 ? `${Math.round(box.left - rect.left)} px on the left` : '',
        across && rect.right > box.right + 1 ? `${Math.round(rect.right - box.right)} px on the right` : '',
        down && rect.top < box.top - 1 ? `${Math.round(box.top - rect.top)} px at the top` : '',
        down && rect.bottom > box.bottom + 1 ? `${Math.round(rect.bottom - box.bottom)} px at the bottom` : '',
      ].filter(Boolean);
      if (sides.length > 0) problems.push(`"${label}" is cut off by ${what}: ${sides.join(', ')}`);
    };
    const view = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    check('the window', view, true, !acrossOnly);
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      const clipsAcross = style.overflowX !== 'visible';
      const clipsDown = style.overflowY !== 'visible' && !acrossOnly;
      if (!clipsAcross && !clipsDown) continue;
      const classes = (parent.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean);
      const name = [parent.tagName.toLowerCase(), ...classes].join('.');
      check(name, parent.getBoundingClientRect(), clipsAcross, clipsDown);
    }
    return problems;
  }, axes === 'x');
}

/**
 * What scrolls on the page, one line each: the document itself (either way), and any box whose content
 * is larger than the box, by axis; none when everything shows at once.
 */
export async function scrollingParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px content in ${root.clientWidth} px`);
    }
    if (root.scrollHeight > root.clientHeight + 1) {
      problems.push(`the page scrolls down: ${root.scrollHeight} px content in ${root.clientHeight} px`);
    }
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(element);
      const classes = (element.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean);
      const name = [element.tagName.toLowerCase(), ...classes].join('.');
      if (/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${name} scrolls sideways: ${element.scrollWidth} px content in ${element.clientWidth} px`);
      }
      if (/auto|scroll/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1) {
        problems.push(`${name} scrolls down: ${element.scrollHeight} px content in ${element.clientHeight} px`);
      }
    }
    return problems;
  });
}
