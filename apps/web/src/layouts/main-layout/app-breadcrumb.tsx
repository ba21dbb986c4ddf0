import { menuParent } from '@lightwell/domain';
import { Breadcrumb, type BreadcrumbProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { projectLabel } from '../../components/project-label';
import { useCurrentProject } from '../../hooks/use-current-project';
import { findRoute, menuGroups } from '../../route-table';
import { useCurrentNetwork } from '../../stores/current-network';
import { useMenuIndices, useMenuNavigate } from './use-menu-navigation';

type ItemType = NonNullable<BreadcrumbProps['items']>[number];

/**
 * Breadcrumb section › project › network › page (section 2). Section, project and network are
 * dropdowns to switch; a stored project or network missing from its list falls back to the first
 * one, which is stored.
 */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  const { entries } = useMenuIndices();
  const handleChoose = useMenuNavigate();
  const { projects, current, select } = useCurrentProject();
  const network = useCurrentNetwork();

  const sections = [
    ...entries.filter((entry) => entry.index && !entry.index.includes('-')),
    ...menuGroups.filter((group) => entries.some((entry) => entry.index?.startsWith(`${group.index}-`))),
  ].map((section) => ({ index: section.index ?? '', titleKey: section.titleKey }));
  const sectionIndex = route?.index ? menuParent(route.index) : undefined;
  const section = sections.find((entry) => entry.index === sectionIndex);

  const items: ItemType[] = [
    {
      key: 'section',
      title: (
        <span data-testid="breadcrumb-section">{section ? t(section.titleKey) : t('common.breadcrumb.section')}</span>
      ),
      menu: {
        items: sections.map((entry) => ({ key: entry.index, label: t(entry.titleKey) })),
        selectedKeys: sectionIndex ? [sectionIndex] : [],
        onClick: ({ key }) => handleChoose(key),
      },
    },
    {
      key: 'project',
      title: (
        <span data-testid="breadcrumb-project">
          {current ? projectLabel(current, t) : t('common.breadcrumb.noProject')}
        </span>
      ),
      ...(projects.length > 0
        ? {
            menu: {
              items: projects.map((project) => ({ key: String(project.id), label: projectLabel(project, t) })),
              selectedKeys: current ? [String(current.id)] : [],
              onClick: ({ key }: { key: string }) => {
                const chosen = projects.find((project) => String(project.id) === key);
                if (chosen) select(chosen);
              },
            },
          }
        : {}),
    },
    {
      key: 'network',
      title: <span data-testid="breadcrumb-network">{network.current?.name ?? t('network.breadcrumb.none')}</span>,
      ...(network.networks.length > 0
        ? {
            menu: {
              items: network.networks.map((entry) => ({ key: String(entry.id), label: entry.name })),
              selectedKeys: network.current ? [String(network.current.id)] : [],
              onClick: ({ key }: { key: string }) => {
                const chosen = network.networks.find((entry) => String(entry.id) === key);
                if (chosen) network.select(chosen);
              },
            },
          }
        : {}),
    },
  ];
  // A section's own entry (home) needs no third item; every other page is named last.
  if (route && !(route.index && route.index === sectionIndex)) items.push({ key: 'page', title: t(route.titleKey) });

  return <Breadcrumb className="lw-breadcrumb" items={items} />;
}
