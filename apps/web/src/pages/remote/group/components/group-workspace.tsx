import type { Group } from '@lightwell/domain';
import { Button, Card, Flex, Space, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupListQuery, useGroupMutations } from '../../../../api/group';
import { useNetworkDetailQuery } from '../../../../api/zone';
import { toast } from '../../../../app/feedback';
import { EmptyState, emptyLocale } from '../../../../components/empty-state';
import type { RowAction } from '../../../../components/row-actions';
import { actionsColumn, nameColumn, TABLE_SCROLL } from '../../../../components/table-columns';
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
          locale={emptyLocale(
            groups.isLoading,
            canEdit ? (
              <EmptyState
                description={t('group.page.empty')}
                action={{ label: t('group.page.add'), onClick: () => setEditing({ mode: 'create' }) }}
                testId="groups-empty"
              />
            ) : (
              <EmptyState description={t('group.page.emptyReadOnly')} testId="groups-empty" />
            ),
          )}
          scroll={TABLE_SCROLL}
          columns={[
            nameColumn<Group>({
              title: t('group.columns.name'),
              text: (group) => group.name,
              onOpen: (group) => setEditing({ mode: 'edit', group }),
              canOpen: () => canEdit,
              before: (group) => <PictureThumb nid={nid} fileName={group.image} />,
            }),
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
            actionsColumn<Group>({
              title: t('group.columns.actions'),
              rowName: (group) => group.name,
              actions: (group) =>
                groupActions(t, group, control, canEdit, {
                  onEdit: () => setEditing({ mode: 'edit', group }),
                  onMembers: () => setEditing({ mode: 'members', group }),
                  onDelete: () => handleDelete(group),
                }),
            }),
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

/** A group's row actions: on and off for everyone; edit, members and delete for owners and installers. */
function groupActions(
  t: TFunction,
  group: Group,
  control: NetworkControl,
  canEdit: boolean,
  handlers: { onEdit: () => void; onMembers: () => void; onDelete: () => void },
): RowAction[] {
  const target = { kind: 'group' as const, ids: [group.id] };
  const count = group.deviceIds.length;
  return [
    {
      key: 'on',
      label: t('group.actions.on'),
      primary: true,
      onClick: () => control.sendLight(target, { onOff: 1 }, count),
    },
    { key: 'off', label: t('group.actions.off'), onClick: () => control.sendLight(target, { onOff: 0 }, count) },
    { key: 'edit', label: t('group.actions.edit'), hidden: !canEdit, onClick: handlers.onEdit },
    { key: 'members', label: t('group.actions.members'), hidden: !canEdit, onClick: handlers.onMembers },
    {
      key: 'delete',
      label: t('group.actions.delete'),
      hidden: !canEdit,
      danger: true,
      onClick: handlers.onDelete,
      confirm: { title: t('group.actions.deleteConfirm', { name: group.name }) },
    },
  ];
}
