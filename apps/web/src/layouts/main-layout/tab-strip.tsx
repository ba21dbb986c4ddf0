import { pathAfterClose } from '@lightwell/domain';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUi } from '../../stores/ui';

/** Tab strip of visited views (section 2): at most 4, home pinned and not closable. */
export function TabStrip() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = useUi((state) => state.tabs);
  const dispatchTabs = useUi((state) => state.dispatchTabs);

  const handleClose = (path: string) => {
    const next = pathAfterClose(tabs, path, pathname);
    dispatchTabs({ type: 'close', path });
    if (next && next !== pathname) void navigate(next);
  };

  return (
    <nav className="lw-tab-strip" aria-label={t('common.tabs.label')} data-testid="tab-strip">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={pathname}
        onChange={(path) => void navigate(path)}
        onEdit={(target, action) => {
          if (action === 'remove' && typeof target === 'string') handleClose(target);
        }}
        items={tabs.map((tab) => ({
          key: tab.path,
          label: t(tab.titleKey),
          closable: !tab.pinned,
        }))}
      />
    </nav>
  );
}
