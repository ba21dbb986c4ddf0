import { Button, Drawer, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResendShareMutation, useRevokeShareMutation, useSentInvitationsQuery } from '../../api/share';
import { toast } from '../../app/feedback';
import { TABLE_SCROLL } from '../../components/table-columns';
import { useFormatInstant } from '../../hooks/use-format-instant';
import { useSession } from '../../stores/session';

const STATE_COLOURS = { pending: 'processing', accepted: 'success', expired: 'default', revoked: 'error' } as const;

/** The invitations the user sent: state, expiry, and resend or withdraw (section 4 share links). */
export function InvitationsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant('local');
  const pageSize = useSession((state) => state.pageNumber);
  const invitations = useSentInvitationsQuery();
  const resend = useResendShareMutation();
  const revoke = useRevokeShareMutation();

  return (
    <Drawer open width={720} title={t('share.invitations.title')} onClose={onClose}>
      <Table
        scroll={TABLE_SCROLL}
        rowKey="id"
        size="small"
        loading={invitations.isPending}
        dataSource={invitations.data ?? []}
        pagination={{ pageSize, hideOnSinglePage: true }}
        locale={{ emptyText: t('share.invitations.empty') }}
        columns={[
          {
            title: t('share.invitations.target'),
            render: (_, row) => `${t(`share.kind.${row.kind}`)}: ${row.targetName}`,
          },
          { title: t('share.invitations.email'), dataIndex: 'email' },
          { title: t('share.role.label'), render: (_, row) => t(`share.role.${row.userType}`) },
          {
            title: t('share.invitations.state'),
            render: (_, row) => <Tag color={STATE_COLOURS[row.state]}>{t(`share.state.${row.state}`)}</Tag>,
          },
          { title: t('share.invitations.expires'), render: (_, row) => formatInstant(row.expiresAt) },
          {
            title: t('share.invitations.actions'),
            render: (_, row) => (
              <Space>
                {(row.state === 'pending' || row.state === 'expired') && (
                  <Button
                    size="small"
                    loading={resend.isPending && resend.variables?.id === row.id}
                    onClick={() =>
                      resend.mutate({ id: row.id }, { onSuccess: () => toast.saved(t('share.invitations.resent')) })
                    }
                  >
                    {t('share.invitations.resend')}
                  </Button>
                )}
                {row.state === 'pending' && (
                  <Button
                    size="small"
                    danger
                    loading={revoke.isPending && revoke.variables?.id === row.id}
                    onClick={() =>
                      revoke.mutate({ id: row.id }, { onSuccess: () => toast.saved(t('share.invitations.revoked')) })
                    }
                  >
                    {t('share.invitations.revoke')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
