import { CloseOutlined } from '@ant-design/icons';
import { Limits, pathAfterClose } from '@lightwell/domain';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUi } from '../../stores/ui';
import { scrollLeftToShow } from './tab-scroll';

/** Padding of the strip's scrolling list: the room kept beside a tab scrolled into view (section 9: 4 px). */
const PADDING = Limits.tabScrollPaddingPx;

/** Keys that move the focus along the tabs, to the tab at the returned index of `count`. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowRight: (index, count) => (index + 1) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Tab strip of visited views (section 2): at most 4, home pinned and not closable. On a narrow screen the
 * strip scrolls sideways; the open view's tab is scrolled into view with 4 px between it and the strip's
 * edge (section 9), as is a tab the keyboard moves to (the list's scroll padding).
 */
export function TabStrip() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = useUi((state) => state.tabs);
  const dispatchTabs = useUi((state) => state.dispatchTabs);
  const listRef = useRef<HTMLDivElement>(null);
  // The tab the keyboard reaches the strip on: the open view's, else the first.
  const entry = tabs.some((tab) => tab.path === pathname) ? pathname : tabs[0]?.path;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view, or a tab added or closed, moves the open tab.
  useLayoutEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('.lw-tab--active');
    if (!list || !active) return;
    list.scrollLeft = scrollLeftToShow(list, active, PADDING);
  }, [pathname, tabs]);

  const handleClose = (path: string) => {
    const next = pathAfterClose(tabs, path, pathname);
    dispatchTabs({ type: 'close', path });
    if (next && next !== pathname) void navigate(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (!move || index < 0) return;
    event.preventDefault();
    buttons[move(index, buttons.length)]?.focus();
  };

  return (
    <nav className="lw-tab-strip" aria-label={t('common.tabs.label')} data-testid="tab-strip">
      <div
        ref={listRef}
        className="lw-tab-strip__list"
        role="tablist"
        aria-label={t('common.tabs.label')}
        style={{ paddingInline: PADDING, scrollPaddingInline: PADDING }}
        onKeyDown={handleKeyDown}
      >
        {tabs.map((tab) => {
          const title = t(tab.titleKey);
          const active = tab.path === pathname;
          return (
            <div key={tab.path} className={active ? 'lw-tab lw-tab--active' : 'lw-tab'}>
              <button
                type="button"
                role="tab"
                aria-selected={active}
                tabIndex={tab.path === entry ? 0 : -1}
                className={tab.pinned ? 'lw-tab__button' : 'lw-tab__button lw-tab__button--closable'}
                onClick={() => {
                  if (!active) void navigate(tab.path);
                }}
              >
                {title}
              </button>
              {!tab.pinned && (
                <button
                  type="button"
                  className="lw-tab__close"
                  aria-label={t('common.tabs.close', { title })}
                  onClick={() => handleClose(tab.path)}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          );
        })}
      </div>
    </nav>
  );
}
