import { Limits } from '@lightwell/domain';
import { Layout } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AntdTheme } from '../../app/antd-theme';
import { Brand } from '../../components/brand';
import { FadeOutlet } from '../../components/fade-outlet';
import { useScreenLevel } from '../../hooks/use-screen-width';
import { HOME_PATH } from '../../route-table';
import { AppHeader } from './app-header';
import { SideMenu } from './side-menu';
import { TabStrip } from './tab-strip';
import { useMenuSync } from './use-menu-navigation';
import { useOverflowTitles } from './use-overflow-titles';
import { useSidebar } from './use-sidebar';

/** Sidebar width when open: the content's left offset (section 9). */
export const SIDEBAR_WIDTH = Limits.sidebarOffsetPx;
const SIDEBAR_COLLAPSED_WIDTH = 64;

/** Console frame (section 2), in antd's theme: dark sidebar, header with breadcrumb, tab strip, routed view. */
export function MainLayout() {
  return (
    <AntdTheme>
      <ConsoleFrame />
    </AntdTheme>
  );
}

function ConsoleFrame() {
  const { t } = useTranslation();
  const { opened: sidebarOpened } = useSidebar();
  const narrow = useScreenLevel() === 1;
  const collapsedWidth = narrow ? 0 : SIDEBAR_COLLAPSED_WIDTH;
  const body = useRef<HTMLDivElement>(null);
  useMenuSync();
  useOverflowTitles(body);

  return (
    <Layout className="lw-main">
      <Layout.Sider
        className="lw-sider"
        theme="dark"
        width={SIDEBAR_WIDTH}
        collapsedWidth={collapsedWidth}
        collapsed={!sidebarOpened}
        trigger={null}
        collapsible
        aria-label={t('common.sidebar.label')}
        data-testid="sidebar"
      >
        <Link to={HOME_PATH} className="lw-sider__brand" aria-label={t('menu.home')}>
          <Brand compact={!sidebarOpened} dark />
        </Link>
        <SideMenu collapsed={!sidebarOpened} />
      </Layout.Sider>
      <Layout
        ref={body}
        className="lw-main__body"
        style={{ marginLeft: narrow ? 0 : sidebarOpened ? SIDEBAR_WIDTH : collapsedWidth }}
      >
        <AppHeader />
        <TabStrip />
        <Layout.Content className="lw-content">
          <FadeOutlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
