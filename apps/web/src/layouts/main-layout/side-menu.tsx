import { menuParent, menuSelection } from '@lightwell/domain';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuGroups } from '../../route-table';
import { useUi } from '../../stores/ui';
import { MenuIcon } from './menu-icons';
import { useMenuIndices, useMenuNavigate } from './use-menu-navigation';

type Item = Required<MenuProps>['items'][number];

/** Dark side menu built from the route table (section 2): home first, then one section per group. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { entries } = useMenuIndices();
  const menu = useUi((state) => state.menu);
  const handleChoose = useMenuNavigate();
  const shown = useMemo(() => entries.flatMap((route) => (route.index ? [route.index] : [])), [entries]);
  const { selectedKeys, openKeys: activeOpen } = menuSelection(menu, shown);
  const [openKeys, setOpenKeys] = useState<string[]>(activeOpen);
  const activeParent = activeOpen[0];

  useEffect(() => {
    if (activeParent) setOpenKeys((keys) => (keys.includes(activeParent) ? keys : [...keys, activeParent]));
  }, [activeParent]);

  const items = useMemo<Item[]>(() => {
    const leaf = (route: (typeof entries)[number]): Item => {
      const icon = route.icon ? <MenuIcon key={route.path} name={route.icon} /> : undefined;
      return { key: route.index ?? route.path, label: t(route.titleKey), icon };
    };
    const topLevel = entries.filter((route) => route.index && !route.index.includes('-')).map(leaf);
    const groups = menuGroups.flatMap((group): Item[] => {
      const children = entries.filter((route) => route.index?.includes('-') && menuParent(route.index) === group.index);
      if (children.length === 0) return [];
      const icon = <MenuIcon key={group.index} name={group.icon} />;
      return [{ key: group.index, label: t(group.titleKey), icon, children: children.map(leaf) }];
    });
    return [...topLevel, ...groups];
  }, [entries, t]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selectedKeys}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => handleChoose(key)}
    />
  );
}
