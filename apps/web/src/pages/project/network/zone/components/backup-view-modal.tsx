import type { EntityDiff } from '@lightwell/domain';
import { Button, Descriptions, Empty, List, Modal, Popconfirm, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBackupViewQuery } from '../../../../../api/backup';

/** Props of {@link BackupViewModal}. */
export interface BackupViewModalProps {
  backupId: number;
  restoring: boolean;
  formatDateTime: (value: number) => string;
  onRestore: () => Promise<void>;
  onClose: () => void;
}

/** One backup: the network settings, zones and nodes it holds, and what a restore would change now. */
export function BackupViewModal({ backupId, restoring, formatDateTime, onRestore, onClose }: BackupViewModalProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useBackupViewQuery(backupId);
  const footer = [
    <Button key="close" onClick={onClose}>
      {t('zone.actions.close')}
    </Button>,
    <Popconfirm
      key="restore"
      title={t('zone.backup.restoreConfirm')}
      okText={t('zone.backup.restore')}
      cancelText={t('zone.actions.cancel')}
      onConfirm={onRestore}
    >
      <Button type="primary" loading={restoring} disabled={!data} data-testid="backup-view-restore">
        {t('zone.backup.restore')}
      </Button>
    </Popconfirm>,
  ];
  return (
    <Modal
      open
      width={720}
      title={t('zone.backup.viewTitle')}
      footer={footer}
      onCancel={onClose}
      data-testid="backup-view"
    >
      {isLoading || !data ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('zone.backup.name')}>{data.name || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('zone.backup.time')}>{formatDateTime(data.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('zone.backup.network')}>{data.content.network.name}</Descriptions.Item>
            <Descriptions.Item label={t('zone.backup.image')}>
              {data.content.network.image
                ? t('zone.backup.imageSize', {
                    width: data.content.network.imageWidth,
                    height: data.content.network.imageHeight,
                  })
                : t('zone.backup.noImage')}
            </Descriptions.Item>
            <Descriptions.Item label={t('zone.backup.zones')} span={2}>
              {data.content.zones.map((zone) => zone.name).join(', ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('zone.backup.nodes')} span={2}>
              {data.content.nodes.map((node) => node.name).join(', ') || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('zone.backup.diffTitle')}
          </Typography.Title>
          <BackupDiffList networkChanged={data.diff.network.changed} zones={data.diff.zones} nodes={data.diff.nodes} />
        </>
      )}
    </Modal>
  );
}

function BackupDiffList({
  networkChanged,
  zones,
  nodes,
}: {
  networkChanged: string[];
  zones: EntityDiff;
  nodes: EntityDiff;
}) {
  const { t } = useTranslation();
  const rows = [
    ...(networkChanged.length > 0
      ? [
          {
            key: 'network',
            kind: 'changed' as const,
            text: t('zone.backup.diff.network', { fields: networkChanged.join(', ') }),
          },
        ]
      : []),
    ...(['zones', 'nodes'] as const).flatMap((entity) => {
      const diff = entity === 'zones' ? zones : nodes;
      return (['added', 'removed', 'changed'] as const).flatMap((kind) =>
        diff[kind].map((item) => ({
          key: `${entity}-${kind}-${item.id}`,
          kind,
          text: t(`zone.backup.diff.${entity}.${kind}`, { name: item.name, fields: item.fields.join(', ') }),
        })),
      );
    }),
  ];
  if (rows.length === 0) return <Empty description={t('zone.backup.diff.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const colour = { added: 'green', removed: 'red', changed: 'orange' } as const;
  return (
    <List
      size="small"
      dataSource={rows}
      data-testid="backup-diff"
      renderItem={(row) => (
        <List.Item key={row.key}>
          <Tag color={colour[row.kind]}>{t(`zone.backup.diff.kind.${row.kind}`)}</Tag>
          {row.text}
        </List.Item>
      )}
    />
  );
}
