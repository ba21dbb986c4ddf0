import type { NetworkSummary } from '@lightwell/domain';
import { Button, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useNetworkMembersQuery,
  useNetworkUserDeleteMutation,
  useNetworkUserTransferMutation,
} from '../../../../../api/network';
import { toast } from '../../../../../app/feedback';
import { TABLE_SCROLL } from '../../../../../components/table-columns';
import type { InstantOptions } from '../../../../../hooks/use-format-instant';
import { useNetworkLabels } from '../../network-labels';

type Member = NonNullable<ReturnType<typeof useNetworkMembersQuery>['data']>[number];

/**
 * Members of a network (section 6) with their roles. Remove and "make owner" show per member as the
 * server decided (`canRemove`, `canTransfer`). A transfer changes the user's own rights, so it closes
 * the drawer.
 */
export function MembersDrawer({
  network,
  formatDateTime,
  onClose,
}: {
  network: NetworkSummary;
  formatDateTime: (value: number, options?: InstantOptions) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const labels = useNetworkLabels();
  const members = useNetworkMembersQuery(network.id);
  const remove = useNetworkUserDeleteMutation();
  const transfer = useNetworkUserTransferMutation();

  const handleRemove = (member: Member) =>
    remove
      .mutateAsync({ nid: network.id, memberUid: member.uid })
      .then(() => toast.success(t('network.messages.memberRemoved')))
      .catch(() => undefined);
  const handleTransfer = (member: Member) =>
    transfer
      .mutateAsync({ nid: network.id, memberUid: member.uid })
      .then(() => {
        toast.success(t('network.messages.transferred', { name: member.name }));
        onClose();
      })
      .catch(() => undefined);

  const actions = (member: Member) => (
    <Space size={0} wrap>
      {member.canTransfer && (
        <Popconfirm
          title={t('network.members.transferConfirm', { name: member.name })}
          description={t('network.members.transferHint')}
          okText={t('network.members.transfer')}
          cancelText={t('common.actions.cancel')}
          onConfirm={() => handleTransfer(member)}
        >
          <Button type="link" size="small">
            {t('network.members.transfer')}
          </Button>
        </Popconfirm>
      )}
      {member.canRemove && (
        <Popconfirm
          title={t('network.members.removeConfirm', { name: member.name })}
          okText={t('network.members.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.actions.cancel')}
          onConfirm={() => handleRemove(member)}
        >
          <Button type="link" size="small" danger>
            {t('network.members.remove')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Drawer
      open
      size={760}
      title={t('network.members.title', { name: network.name })}
      onClose={onClose}
      destroyOnHidden
    >
      <Table<Member>
        scroll={TABLE_SCROLL}
        rowKey="uid"
        data-testid="network-members"
        size="small"
        loading={members.isFetching}
        dataSource={members.data ?? []}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: t('network.members.name'),
            dataIndex: 'name',
            render: (name: string, member) => (
              <Space size={4}>
                {name}
                {member.isMe && <Tag>{t('network.members.you')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'email',
            title: t('network.members.email'),
            dataIndex: 'email',
            render: (email: string | null) => email ?? '—',
          },
          {
            key: 'role',
            title: t('network.members.role'),
            dataIndex: 'userType',
            render: (userType: number) => labels.role(userType),
          },
          {
            key: 'date',
            title: t('network.members.since'),
            dataIndex: 'date',
            render: (date: number) => formatDateTime(date, { timeZone: network.timeZone }),
          },
          { key: 'actions', title: t('network.columns.actions'), render: (_, member) => actions(member) },
        ]}
      />
    </Drawer>
  );
}
