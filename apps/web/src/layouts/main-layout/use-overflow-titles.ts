import { type RefObject, useEffect } from 'react';

/** Text that narrow windows shorten with an ellipsis: card titles and breadcrumb items. */
const SHORTENED = '.ant-card-head-title, .lw-breadcrumb li';

/**
 * Gives every card title and breadcrumb item inside `ref` its whole text as a tooltip (title attribute),
 * so a title shortened to fit the width can still be read; kept current as pages and names change.
 */
export function useOverflowTitles(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let frame = 0;
    const apply = () => {
      frame = 0;
      for (const element of root.querySelectorAll<HTMLElement>(SHORTENED)) {
        const text = element.textContent?.trim() ?? '';
        if (element.title !== text) element.title = text;
      }
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(apply);
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    apply();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref]);
}
