import type { Page } from '@playwright/test';

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
