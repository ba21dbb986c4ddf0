import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNetworkDetailQuery } from '../../../api/zone';
import { NetworkGate } from '../../../features/control/network-gate';
import { SchedulePanel } from '../../../features/schedules/schedule-panel';
import { NetworkControlCard } from './components/network-control';
import { TaskTable } from './components/task-table';

/** Network page (/remote/network, 4-6): whole-network control, gateway choice, tasks and schedules. */
export function RemoteNetworkPage() {
  return <NetworkGate>{(nid) => <NetworkWorkspace nid={nid} />}</NetworkGate>;
}

function NetworkWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const network = useNetworkDetailQuery(nid);
  return (
    <Flex vertical gap={16}>
      <NetworkControlCard nid={nid} />
      <Card title={t('control.tasks.title')}>
        <TaskTable nid={nid} />
      </Card>
      <SchedulePanel nid={nid} canEdit={Boolean(network.data?.abilities.edit)} />
    </Flex>
  );
}
