import {
  AlertOutlined,
  ApiOutlined,
  ControlOutlined,
  DashboardOutlined,
  HomeOutlined,
  ProjectOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { MenuIconName } from '../../route-table';

/** The icon component behind each menu icon name of the route table; loaded with the console frame. */
const menuIcons: Readonly<Record<MenuIconName, ComponentType>> = {
  home: HomeOutlined,
  data: DashboardOutlined,
  project: ProjectOutlined,
  config: ControlOutlined,
  remote: ApiOutlined,
  emergency: AlertOutlined,
  settings: SettingOutlined,
};

/** Draws the route table's menu icon `name`; nothing without one. */
export function MenuIcon({ name }: { name: MenuIconName | undefined }) {
  const Icon = name ? menuIcons[name] : undefined;
  return Icon ? <Icon /> : null;
}
