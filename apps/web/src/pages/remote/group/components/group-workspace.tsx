import type { Group } from '@lightwell/domain';
import { Button, Card, Flex, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupListQuery, useGroupMutations } from '../../../../api/group';
import { useNetworkDetailQuery } from '../../../../api/zone';
import { toast } from '../../../../app/feedback';
import { EmptyState } from '../../../../components/empty-state';
import { GatewaySelector } from '../../../../features/control/gateway-selector';
import { TaskProgress } from '../../../../features/control/task-progress';
import { type NetworkControl, useNetworkControl } from '../../../../features/control/use-network-control';
import { useTablePagination } from '../../../../hooks/use-table-pagination';
import { PictureThumb } from '../../components/picture-field';
import { GroupDialog } from './group-dialog';
import { MembersDialog } from './members-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; group: Group } | { mode: 'members'; group: Group } | null;

/** Groups of network `nid`: list, on/off per group, and (owners, installers) create, edit, members, delete. */
export function GroupWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const groups = useGroupListQuery(nid);
  const canEdit = Boolean(useNetworkDetailQuery(nid).data?.abilities.edit);
  const control = useNetworkControl(nid);
  const { remove } = useGroupMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const pagination = useTablePagination();

  const handleDelete = (group: Group) =>
    remove.mutate({ groupId: group.id }, { onSuccess: () => toast.saved(t('group.messages.deleted')) });

  return (
    <Card
      title={t('group.page.title')}
      extra={
        <Space wrap>
          <GatewaySelector choice={control.choice} />
          {canEdit && (
            <Button type="primary" onClick={() => setEditing({ mode: 'create' })}>
              {t('group.page.add')}
            </Button>
          )}
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <TaskProgress taskId={control.taskId} />
        <Table<Group>
          rowKey="id"
          loading={groups.isLoading}
          dataSource={groups.data ?? []}
          pagination={pagination}
          locale={{
            emptyText: canEdit ? (
              <EmptyState
                description={t('group.page.empty')}
                action={{ label: t('group.page.add'), onClick: () => setEditing({ mode: 'create' }) }}
                testId="groups-empty"
              />
            ) : (
              <EmptyState description={t('group.page.emptyReadOnly')} testId="groups-empty" />
            ),
          }}
          columns={[
            {
              title: t('group.columns.name'),
              key: 'name',
              render: (_, group) => (
                <Space>
                  <PictureThumb nid={nid} fileName={group.image} />
                  {group.name}
                </Space>
              ),
            },
            {
              title: t('group.columns.type'),
              dataIndex: 'type',
              render: (type: number) => <Tag color={type === 2 ? 'red' : 'blue'}>{t(`group.types.${type}`)}</Tag>,
            },
            {
              title: t('group.columns.category'),
              dataIndex: 'category',
              render: (category: string) => t(`group.categories.${category}`),
            },
            {
              title: t('group.columns.members'),
              key: 'members',
              render: (_, group) =>
                t('group.members.count', { count: group.deviceIds.length, real: group.realDeviceCount }),
            },
            {
              title: t('group.columns.actions'),
              key: 'actions',
              render: (_, group) => (
                <GroupActions
                  group={group}
                  control={control}
                  canEdit={canEdit}
                  onEdit={() => setEditing({ mode: 'edit', group })}
                  onMembers={() => setEditing({ mode: 'members', group })}
                  onDelete={() => handleDelete(group)}
                />
              ),
            },
          ]}
        />
      </Flex>
      {(editing?.mode === 'create' || editing?.mode === 'edit') && (
        <GroupDialog
          nid={nid}
          group={editing.mode === 'edit' ? editing.group : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.mode === 'members' && (
        <MembersDialog nid={nid} group={editing.group} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

interface GroupActionsProps {
  group: Group;
  control: NetworkControl;
  canEdit: boolean;
  onEdit: () => void;
  onMembers: () => void;
  onDelete: () => void;
}

function GroupActions({ group, control, canEdit, onEdit, onMembers, onDelete }: GroupActionsProps) {
  const { t } = useTranslation();
  const target = { kind: 'group' as const, ids: [group.id] };
  const count = group.deviceIds.length;
  return (
    <Space wrap>
      <Button size="small" type="primary" onClick={() => control.sendLight(target, { onOff: 1 }, count)}>
        {t('group.actions.on')}
      </Button>
      <Button size="small" onClick={() => control.sendLight(target, { onOff: 0 }, count)}>
        {t('group.actions.off')}
      </Button>
      {canEdit && (
        <>
          <Button size="small" onClick={onEdit}>
            {t('group.actions.edit')}
          </Button>
          <Button size="small" onClick={onMembers}>
            {t('group.actions.members')}
          </Button>
          <Popconfirm title={t('group.actions.deleteConfirm', { name: group.name })} onConfirm={onDelete}>
            <Button size="small" danger>
              {t('group.actions.delete')}
            </Button>
          </Popconfirm>
        </>
      )}
    </Space>
  );
}
