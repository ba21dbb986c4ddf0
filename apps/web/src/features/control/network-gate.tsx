import { Button, Card, Empty, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProjectInfoQuery } from '../../api/project';
import { builtPathOfIndex } from '../../route-table';
import { useSession } from '../../stores/session';

/**
 * Remote-control pages work on the breadcrumb's current network: renders `children(nid)` keyed by it,
 * or, without a network, the user's networks to open here (any project) and a link to the network list.
 */
export function NetworkGate({ children }: { children: (nid: number) => ReactNode }) {
  const { t } = useTranslation();
  const nid = useSession((state) => state.nid);
  const projects = useProjectInfoQuery();
  if (nid === null) {
    const open = (project: { id: number; name: string }, network: { id: number; name: string }) => {
      const session = useSession.getState();
      session.setProject(project.id, project.name);
      session.setNetwork(network.id, network.name);
    };
    const choices = (projects.data ?? []).flatMap((project) =>
      project.networks.map((network) => ({ project, network })),
    );
    return (
      <Card>
        <Empty description={t('control.page.noNetwork')}>
          <Space wrap data-testid="network-choices">
            {choices.map(({ project, network }) => (
              <Button key={network.id} onClick={() => open(project, network)}>
                {t('control.page.openNetwork', { project: project.name, network: network.name })}
              </Button>
            ))}
            <Link to={builtPathOfIndex('2-2-1') ?? '/'}>{t('menu.project.networks')}</Link>
          </Space>
        </Empty>
      </Card>
    );
  }
  return <div key={nid}>{children(nid)}</div>;
}
