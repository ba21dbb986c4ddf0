import { DownloadOutlined } from '@ant-design/icons';
import { LANGUAGE_LABELS, type ReportDelivery, type ReportRunRecord } from '@lightwell/domain';
import { Button, Descriptions, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../../../../../hooks/use-format-instant';

const DELIVERY_COLOR = { sending: 'blue', sent: 'green', failed: 'red' } as const;

/** A figure a run carried, in the reader's number format with its unit. */
function useFigureText() {
  const { i18n } = useTranslation();
  return (figure: ReportRunRecord['figures'][number]) => {
    const decimals = figure.name === 'cost' ? 2 : figure.name.endsWith('KWh') || figure.name.endsWith('Kg') ? 3 : 0;
    const value = new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(figure.value);
    return figure.unit ? `${value} ${figure.unit}` : value;
  };
}

/**
 * What one automatic run carried and where it went: its figures, the exact files with their SHA-256 (each
 * opens through a signed link), and every delivery with its Message-ID and the mail server's answer; a
 * delivered message can be sent again as a copy.
 */
export function RunDetails({
  run,
  onDownload,
  onResend,
  busy,
}: {
  run: ReportRunRecord;
  onDownload: (fileName: string) => void;
  onResend: (delivery: ReportDelivery) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant('local');
  const figureText = useFigureText();
  const columns: TableColumnsType<ReportDelivery> = [
    { key: 'email', title: t('reportCycles.runs.deliveries.email'), dataIndex: 'email' },
    {
      key: 'language',
      title: t('reportCycles.runs.deliveries.language'),
      render: (_, row) => LANGUAGE_LABELS[row.language],
    },
    {
      key: 'state',
      title: t('reportCycles.runs.deliveries.state'),
      render: (_, row) => (
        <Tag color={DELIVERY_COLOR[row.state]} data-testid="delivery-state">
          {t(`reportCycles.runs.deliveries.states.${row.state}`)}
          {row.copy > 0 ? ` · ${t('reportCycles.runs.deliveries.copy', { copy: row.copy })}` : ''}
        </Tag>
      ),
    },
    {
      key: 'sentAt',
      title: t('reportCycles.runs.deliveries.sentAt'),
      render: (_, row) => (row.sentAt === null ? '' : formatInstant(row.sentAt, { precision: 'second' })),
    },
    {
      key: 'messageId',
      title: t('reportCycles.runs.deliveries.messageId'),
      render: (_, row) => (
        <Typography.Text code copyable data-testid="delivery-message-id">
          {row.messageId}
        </Typography.Text>
      ),
    },
    {
      key: 'answer',
      title: t('reportCycles.runs.deliveries.answer'),
      render: (_, row) => row.error ?? row.serverAnswer ?? '',
    },
    {
      key: 'actions',
      title: t('reportCycles.runs.deliveries.actions'),
      render: (_, row) =>
        row.state === 'sent' && run.state !== 'due' ? (
          <Button size="small" type="link" disabled={busy} onClick={() => onResend(row)} data-testid="delivery-resend">
            {t('reportCycles.runs.deliveries.resend')}
          </Button>
        ) : null,
    },
  ];
  return (
    <div className="lw-stack" data-testid="run-details">
      {run.figures.length > 0 && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} title={t('reportCycles.runs.figuresTitle')}>
          {run.figures.map((figure) => (
            <Descriptions.Item
              key={`${figure.name}-${figure.unit ?? ''}`}
              label={t(`reportCycles.figures.${figure.name}`)}
            >
              <span data-testid={`figure-${figure.name}`}>{figureText(figure)}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {run.files.map((file) => (
        <div key={file.fileName} data-testid="run-file">
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => onDownload(file.fileName)}
            data-testid="run-file-download"
          >
            {t('reportCycles.runs.file', {
              format: file.format.toUpperCase(),
              language: LANGUAGE_LABELS[file.language],
            })}
          </Button>{' '}
          <Typography.Text type="secondary">{t('reportCycles.runs.sha256')}</Typography.Text>{' '}
          <Typography.Text code copyable data-testid="run-file-sha">
            {file.sha256}
          </Typography.Text>
        </div>
      ))}
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={run.deliveries}
        columns={columns}
        scroll={{ x: true }}
        locale={{ emptyText: t('reportCycles.runs.deliveries.none') }}
        data-testid="run-deliveries"
      />
    </div>
  );
}
