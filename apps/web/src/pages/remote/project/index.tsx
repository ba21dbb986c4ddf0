import { Alert, Button, Card, Flex, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useControlProjectMutation, useDeviceStateQuery } from '../../../api/control';
import { messageForCode } from '../../../api/errors';
import { GatewayStatusBadge } from '../../../features/control/gateway-selector';
import { TaskProgress } from '../../../features/control/task-progress';
import { useNetworkControl } from '../../../features/control/use-network-control';
import { type NetworkChoice, useCurrentNetwork } from '../../../stores/current-network';
import { useSession } from '../../../stores/session';

/** Project page (/remote/project, 4-8): every network of the current project with on/off, and the whole project. */
export function RemoteProjectPage() {
  const { t } = useTranslation();
  const pid = useSession((state) => state.pid);
  const pName = useSession((state) => state.pName);
  const { networks, loading } = useCurrentNetwork();
  const project = useControlProjectMutation();
  const names = new Map(networks.map((network) => [network.id, network.name]));
  const send = (onOff: 0 | 1) => pid !== null && project.mutate({ pid, onOff });
  return (
    <Flex vertical gap={16}>
      <Card
        title={t('control.project.title', { project: pName })}
        extra={
          <Space>
            <Button
              type="primary"
              aria-label={t('control.project.allOn')}
              loading={project.isPending}
              disabled={pid === null}
              onClick={() => send(1)}
            >
              {t('control.project.allOn')}
            </Button>
            <Button
              aria-label={t('control.project.allOff')}
              loading={project.isPending}
              disabled={pid === null}
              onClick={() => send(0)}
            >
              {t('control.project.allOff')}
            </Button>
          </Space>
        }
      >
        {project.data && (
          <Flex vertical gap={8} data-testid="project-result">
            {project.data.tasks.map((task) => (
              <div key={task.id}>
                <Typography.Text strong>{names.get(task.nid) ?? task.nid}</Typography.Text>
                <TaskProgress taskId={task.id} />
              </div>
            ))}
            {project.data.skipped.map((skip) => (
              <Alert
                key={skip.nid}
                type="warning"
                showIcon
                title={t('control.project.skipped', {
                  network: names.get(skip.nid) ?? skip.nid,
                  reason: messageForCode(skip.code),
                })}
              />
            ))}
          </Flex>
        )}
        <List
          loading={loading}
          dataSource={[...networks]}
          rowKey="id"
          renderItem={(network) => <NetworkRow network={network} />}
        />
      </Card>
    </Flex>
  );
}

function NetworkRow({ network }: { network: NetworkChoice }) {
  const { t } = useTranslation();
  const control = useNetworkControl(network.id);
  const states = useDeviceStateQuery(network.id);
  const send = (onOff: 0 | 1) => control.sendLight({ kind: 'network' }, { onOff }, states.data?.devices.length ?? 0);
  return (
    <List.Item
      actions={[
        <Button
          key="on"
          size="small"
          type="primary"
          aria-label={t('control.actions.onNamed', { name: network.name })}
          loading={control.pending}
          onClick={() => send(1)}
        >
          {t('control.actions.on')}
        </Button>,
        <Button
          key="off"
          size="small"
          aria-label={t('control.actions.offNamed', { name: network.name })}
          loading={control.pending}
          onClick={() => send(0)}
        >
          {t('control.actions.off')}
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={network.name}
        description={
          control.choice.none ? (
            t('errors.1070')
          ) : (
            <Space>
              {control.choice.gateway?.name}
              {control.choice.gateway && <GatewayStatusBadge online={control.choice.online} />}
            </Space>
          )
        }
      />
      <div style={{ minWidth: 240 }}>
        <TaskProgress taskId={control.taskId} />
      </div>
    </List.Item>
  );
}
