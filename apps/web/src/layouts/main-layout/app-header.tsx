import {
  DashboardOutlined,
  FileTextOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HistoryOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Layout, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { screenLink } from '../../api/screen';
import { LanguageDropdown } from '../../components/language-dropdown';
import { useFullscreen } from '../../hooks/use-fullscreen';
import { useLanguageSwitch } from '../../hooks/use-language-switch';
import { useLogout } from '../../hooks/use-logout';
import { useLanguage } from '../../i18n/use-language';
import { useSession } from '../../stores/session';
import { AppBreadcrumb } from './app-breadcrumb';
import { useSidebar } from './use-sidebar';

/**
 * Console header (section 2): sidebar toggle, breadcrumb, the current network's lobby dashboard (opened in a
 * new window), full screen, language and user menu.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { opened: sidebarOpened, toggle: toggleSidebar } = useSidebar();
  const name = useSession((state) => state.name);
  const nid = useSession((state) => state.nid);
  const nName = useSession((state) => state.nName);
  const fullscreen = useFullscreen();
  const language = useLanguage();
  const switchLanguage = useLanguageSwitch();
  const logout = useLogout();
  const fullscreenLabel = fullscreen.active ? t('common.header.exitFullscreen') : t('common.header.fullscreen');

  return (
    <Layout.Header className="lw-header">
      <Button
        type="text"
        className="lw-header-button"
        icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={sidebarOpened ? t('common.header.closeSidebar') : t('common.header.openSidebar')}
        aria-expanded={sidebarOpened}
        data-testid="sidebar-toggle"
        onClick={toggleSidebar}
      />
      <AppBreadcrumb />
      <div className="lw-header__actions">
        {nid !== null && (
          <Tooltip title={t('common.header.dashboard', { name: nName })}>
            <Button
              type="text"
              className="lw-header-button"
              icon={<DashboardOutlined />}
              href={screenLink(nid)}
              target="_blank"
              rel="noopener"
              aria-label={t('common.header.dashboard', { name: nName })}
              data-testid="header-dashboard"
            />
          </Tooltip>
        )}
        {fullscreen.supported && (
          <Tooltip title={fullscreenLabel}>
            <Button
              type="text"
              className="lw-header-button"
              icon={fullscreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              aria-label={fullscreenLabel}
              onClick={fullscreen.toggle}
            />
          </Tooltip>
        )}
        <LanguageDropdown current={language} onChange={switchLanguage} />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: '/setting/user', icon: <SettingOutlined />, label: t('common.header.userSettings') },
              { key: '/version/log', icon: <HistoryOutlined />, label: t('pages.versionLog') },
              { key: '/userAgreement', icon: <FileTextOutlined />, label: t('pages.userAgreement') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('common.header.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') logout();
              else void navigate(key);
            },
          }}
        >
          <Button type="text" className="lw-header-button" icon={<UserOutlined />} data-testid="user-menu">
            <span className="lw-header__name">{name || t('common.header.account')}</span>
          </Button>
        </Dropdown>
      </div>
    </Layout.Header>
  );
}
