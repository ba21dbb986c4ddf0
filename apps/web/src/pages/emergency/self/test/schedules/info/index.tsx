import { PlusOutlined } from '@ant-design/icons';
import { type EmergencySchedule, GroupType } from '@lightwell/domain';
import { Button, Card, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmergencyMutations, useEmergencySchedulesQuery } from '../../../../../../api/emergency';
import { useGroupListQuery } from '../../../../../../api/group';
import { useZoneMapQuery } from '../../../../../../api/zone';
import { toast } from '../../../../../../app/feedback';
import { EmptyState } from '../../../../../../components/empty-state';
import { actionsColumn, TABLE_SCROLL } from '../../../../../../components/table-columns';
import { useFormatInstant, useTimeZone } from '../../../../../../hooks/use-format-instant';
import { EmergencyGate, type EmergencyScope } from '../../../../components/emergency-gate';
import { ScheduleDialog } from './components/schedule-dialog';
import { whenText } from './schedule-values';

/** Self-test schedules (/emergency/self/test/schedules/info, 5-4): monthly function and yearly duration tests. */
export function EmergencySchedulesPage() {
  return <EmergencyGate>{(scope) => <Schedules scope={scope} />}</EmergencyGate>;
}

function Schedules({ scope }: { scope: EmergencyScope }) {
  const { t, i18n } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const list = useEmergencySchedulesQuery(scope.nid);
  const zones = useZoneMapQuery(scope.nid).data?.zones ?? [];
  const groups = (useGroupListQuery(scope.nid).data ?? []).filter((group) => group.type === GroupType.emergency);
  const mutations = useEmergencyMutations();
  const networkZone = useTimeZone('network', scope.nid);
  const timeZone = list.data?.timeZone || networkZone;
  const formatInstant = useFormatInstant();
  const [editing, setEditing] = useState<EmergencySchedule | 'new' | null>(null);

  const save = (input: Parameters<Parameters<typeof ScheduleDialog>[0]['onSave']>[0]) => {
    const done = {
      onSuccess: () => {
        toast.saved(t('emergencyPages.schedules.saved'));
        setEditing(null);
      },
    };
    if (editing === 'new') mutations.scheduleAdd.mutate({ nid: scope.nid, ...input }, done);
    else if (editing) mutations.scheduleUpdate.mutate({ scheduleId: editing.id, ...input }, done);
  };
  const confirmDelete = (schedule: EmergencySchedule) =>
    modal.confirm({
      title: t('emergencyPages.schedules.deleteTitle', { name: schedule.name }),
      content: t('emergencyPages.schedules.deleteContent'),
      okButtonProps: { danger: true },
      okText: t('emergencyPages.delete'),
      cancelText: t('emergencyPages.cancel'),
      onOk: () =>
        mutations.scheduleDelete.mutateAsync({ scheduleId: schedule.id }).then(
          () => undefined,
          () => undefined,
        ),
    });

  return (
    <Card
      title={t('emergencyPages.schedules.title', { network: scope.networkName })}
      data-testid="emergency-schedules"
      extra={
        scope.canAct && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="schedule-add" onClick={() => setEditing('new')}>
            {t('emergencyPages.schedules.add')}
          </Button>
        )
      }
    >
      {modalHolder}
      <Table<EmergencySchedule>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={false}
        scroll={TABLE_SCROLL}
        locale={{ emptyText: <EmptyState description={t('emergencyPages.schedules.empty')} /> }}
        columns={[
          { key: 'name', title: t('emergencyPages.schedules.name'), fixed: 'left', render: (_, row) => row.name },
          {
            key: 'kind',
            title: t('emergencyPages.fields.test'),
            render: (_, row) => t(`emergencyPages.schedules.kinds.${row.testKind}`),
          },
          {
            key: 'when',
            title: t('emergencyPages.schedules.when'),
            render: (_, row) => whenText(t, row, timeZone, i18n.language),
          },
          {
            key: 'duration',
            title: t('emergencyPages.fields.durationKind'),
            render: (_, row) =>
              row.testKind === 'function'
                ? ''
                : row.durationKind === 'custom'
                  ? t('emergencyPages.minutes', { count: row.durationMinutes ?? 0 })
                  : t(`emergencyPages.durationKinds.${row.durationKind}`),
          },
          {
            key: 'delay',
            title: t('emergencyPages.schedules.maxDelay'),
            render: (_, row) => t('emergencyPages.minutes', { count: row.maxDelayMinutes }),
          },
          {
            key: 'stagger',
            title: t('emergencyPages.schedules.stagger'),
            render: (_, row) => t(`emergencyPages.staggers.${row.stagger}`),
          },
          {
            key: 'next',
            title: t('emergencyPages.schedules.nextRun'),
            render: (_, row) =>
              row.nextRun === null ? t('emergencyPages.na') : formatInstant(row.nextRun, { timeZone }),
          },
          {
            key: 'enabled',
            title: t('emergencyPages.schedules.enabled'),
            render: (_, row) => (
              <Tag color={row.enabled ? 'success' : 'default'}>
                {t(row.enabled ? 'emergencyPages.schedules.on' : 'emergencyPages.schedules.off')}
              </Tag>
            ),
          },
          ...(scope.canAct
            ? [
                actionsColumn<EmergencySchedule>({
                  title: t('emergencyPages.fields.actions'),
                  actions: (row) => [
                    { key: 'edit', label: t('emergencyPages.edit'), onClick: () => setEditing(row) },
                    {
                      key: 'delete',
                      label: t('emergencyPages.delete'),
                      danger: true,
                      onClick: () => confirmDelete(row),
                    },
                  ],
                }),
              ]
            : []),
        ]}
      />
      {editing !== null && (
        <ScheduleDialog
          schedule={editing === 'new' ? null : editing}
          timeZone={timeZone}
          zones={zones}
          groups={groups}
          saving={mutations.scheduleAdd.isPending || mutations.scheduleUpdate.isPending}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
