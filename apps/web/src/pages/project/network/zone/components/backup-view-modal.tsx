import type { BackupDetail, BackupPart, RestoreWarning } from '@lightwell/domain';
import { Alert, Button, Descriptions, Empty, List, Modal, Popconfirm, Spin, Tag, Typography } from 'antd';
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

/** The parts a difference is listed for, besides the network's settings, in the order shown. */
const DIFF_PARTS = ['zones', 'nodes', 'devices', 'groups', 'scenes', 'schedules'] as const satisfies BackupPart[];

/**
 * One backup: each part it holds with its count, what a restore would change now, part by part, and
 * what it cannot bring back (asked again before the restore runs).
 */
export function BackupViewModal({ backupId, restoring, formatDateTime, onRestore, onClose }: BackupViewModalProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useBackupViewQuery(backupId);
  const warned = (data?.warnings.length ?? 0) > 0;
  const footer = [
    <Button key="close" onClick={onClose}>
      {t('zone.actions.close')}
    </Button>,
    <Popconfirm
      key="restore"
      title={warned ? t('zone.backup.restoreConfirmWarnings') : t('zone.backup.restoreConfirm')}
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
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('zone.backup.partsTitle')}
          </Typography.Title>
          <div data-testid="backup-parts">
            {data.parts.map(({ part, count }) => (
              <Tag key={part} data-testid={`backup-part-${part}`}>
                {part === 'network' ? t('zone.backup.parts.network') : t(`zone.backup.parts.${part}`, { count })}
              </Tag>
            ))}
          </div>
          {data.version === 1 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('zone.backup.version1')}
            </Typography.Paragraph>
          )}
          {warned && <BackupWarnings warnings={data.warnings} />}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('zone.backup.diffTitle')}
          </Typography.Title>
          <BackupDiffList diff={data.diff} />
        </>
      )}
    </Modal>
  );
}

/** What a restore cannot bring back, one line per kind with the names concerned. */
function BackupWarnings({ warnings }: { warnings: RestoreWarning[] }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 16 }}
      data-testid="backup-warnings"
      title={t('zone.backup.warningsTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {warnings.map((warning) => (
            <li key={warning.kind} data-testid={`backup-warning-${warning.kind}`}>
              {t(`zone.backup.warnings.${warning.kind}`, { names: warning.names.join(', ') })}
            </li>
          ))}
        </ul>
      }
    />
  );
}

function BackupDiffList({ diff }: { diff: BackupDetail['diff'] }) {
  const { t } = useTranslation();
  const rows = [
    ...(diff.network.changed.length > 0
      ? [
          {
            key: 'network',
            kind: 'changed' as const,
            text: t('zone.backup.diff.network', { fields: diff.network.changed.join(', ') }),
          },
        ]
      : []),
    ...DIFF_PARTS.flatMap((part) => {
      const entities = diff[part];
      if (!entities) return [];
      return (['added', 'removed', 'changed'] as const).flatMap((kind) =>
        entities[kind].map((item) => ({
          key: `${part}-${kind}-${item.id}`,
          kind,
          text: t(`zone.backup.diff.${part}.${kind}`, { name: item.name, fields: item.fields.join(', ') }),
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
