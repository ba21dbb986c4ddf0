import { Limits } from '@lightwell/domain';
import { Button, Drawer, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useBackupAddMutation,
  useBackupDeleteMutation,
  useBackupListQuery,
  useBackupRestoreMutation,
} from '../../../../../api/backup';
import { toast } from '../../../../../app/feedback';
import { TABLE_SCROLL } from '../../../../../components/table-columns';
import { useFormatInstant } from '../../../../../hooks/use-format-instant';
import { BackupViewModal } from './backup-view-modal';

/** Longest backup name (domain `BackupNameSchema`). */
const BACKUP_NAME_MAX = 64;

/**
 * Backups of the network (owners and installers): take one with an optional name, list them in
 * the user's time format, view what one holds and how the network differs now, restore (from the
 * view, after its warnings), delete.
 */
export function BackupDrawer({ nid, onClose }: { nid: number; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatInstant();
  const [form] = Form.useForm<{ name?: string }>();
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useBackupListQuery(nid, true);
  const add = useBackupAddMutation();
  const remove = useBackupDeleteMutation();
  const restore = useBackupRestoreMutation(nid);

  const handleAdd = async ({ name }: { name?: string }) => {
    await add.mutateAsync({ nid, name: name?.trim() ?? '' });
    form.resetFields();
    toast.saved(t('zone.backup.added'));
  };
  const handleRestore = async (backupId: number) => {
    const { skipped } = await restore.mutateAsync({ backupId });
    setViewing(null);
    if (skipped.length === 0) toast.success(t('zone.backup.restored'));
    else {
      const parts = skipped.map((warning) =>
        t(`zone.backup.warnings.${warning.kind}`, { names: warning.names.join(', ') }),
      );
      toast.warning(t('zone.backup.restoredSkipped', { skipped: parts.join(' ') }), Limits.toastMs);
    }
  };
  const handleDelete = async (backupId: number) => {
    await remove.mutateAsync({ backupId });
    toast.success(t('zone.backup.deleted'));
  };
  const restoring = restore.isPending ? restore.variables?.backupId : undefined;
  const deleting = remove.isPending ? remove.variables?.backupId : undefined;

  return (
    <Drawer open title={t('zone.backup.title')} size="large" onClose={onClose} data-testid="backup-drawer">
      <Form form={form} layout="inline" onFinish={(values) => handleAdd(values).catch(() => undefined)}>
        <Form.Item
          name="name"
          rules={[{ max: BACKUP_NAME_MAX, message: t('zone.form.nameLength', { max: BACKUP_NAME_MAX }) }]}
        >
          <Input
            placeholder={t('zone.backup.namePlaceholder')}
            aria-label={t('zone.backup.name')}
            data-testid="backup-name"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="backup-add">
          {t('zone.backup.add')}
        </Button>
      </Form>
      <Table
        scroll={TABLE_SCROLL}
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        data-testid="backup-table"
        columns={[
          {
            key: 'name',
            title: t('zone.backup.name'),
            render: (_, row) => row.name || formatDateTime(row.createdAt),
          },
          { key: 'time', title: t('zone.backup.time'), render: (_, row) => formatDateTime(row.createdAt) },
          { key: 'by', title: t('zone.backup.by'), render: (_, row) => row.createdBy ?? '—' },
          {
            key: 'holds',
            title: t('zone.backup.holds'),
            render: (_, row) => t('zone.backup.counts', { zones: row.zoneCount, nodes: row.nodeCount }),
          },
          {
            key: 'actions',
            title: t('zone.backup.actions'),
            render: (_, row) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setViewing(row.id)}
                  data-testid={`backup-view-${row.id}`}
                >
                  {t('zone.backup.view')}
                </Button>
                {/* A restore is confirmed in the view, which says first what it cannot bring back. */}
                <Button
                  type="link"
                  size="small"
                  loading={restoring === row.id}
                  onClick={() => setViewing(row.id)}
                  data-testid={`backup-restore-${row.id}`}
                >
                  {t('zone.backup.restore')}
                </Button>
                <Popconfirm
                  title={t('zone.backup.deleteConfirm')}
                  okText={t('zone.actions.delete')}
                  cancelText={t('zone.actions.cancel')}
                  okButtonProps={{ danger: true, loading: deleting === row.id }}
                  onConfirm={() => handleDelete(row.id).catch(() => undefined)}
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    loading={deleting === row.id}
                    data-testid={`backup-delete-${row.id}`}
                  >
                    {t('zone.actions.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {viewing !== null && (
        <BackupViewModal
          backupId={viewing}
          restoring={restoring === viewing}
          formatDateTime={formatDateTime}
          onRestore={() => handleRestore(viewing).catch(() => undefined)}
          onClose={() => setViewing(null)}
        />
      )}
    </Drawer>
  );
}
