import { LANGUAGE_LABELS, type RecipientReception } from '@lightwell/domain';
import { Switch, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../../../../components/row-actions';
import { nameColumn, TABLE_SCROLL } from '../../../../../../components/table-columns';
import { useFormatInstant } from '../../../../../../hooks/use-format-instant';

/** What an editor does with a recipient. */
export interface ReceptionActions {
  onResend: (recipient: RecipientReception) => void;
  onPause: (recipient: RecipientReception, paused: boolean) => void;
  onCsv: (recipient: RecipientReception, csv: boolean) => void;
  onRemove: (recipient: RecipientReception) => void;
  busy: boolean;
}

const STATUS_COLOR = { active: 'green', pending: 'gold', expired: 'red' } as const;

/**
 * Every recipient of a project (those of `/setting/header`): language, kinds, activation state and pause,
 * the CSV wish, the last mail the mail server accepted and the next report due; resend an activation,
 * pause or resume, remove.
 */
export function ReceptionTable({
  list,
  loading,
  actions,
}: {
  list: readonly RecipientReception[];
  loading: boolean;
  actions: ReceptionActions;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant('local');
  const columns: TableColumnsType<RecipientReception> = [
    nameColumn({ key: 'email', title: t('reportCycles.reception.columns.email'), text: (row) => row.email }),
    {
      key: 'language',
      title: t('reportCycles.reception.columns.language'),
      render: (_, row) => LANGUAGE_LABELS[row.language],
    },
    {
      key: 'kinds',
      title: t('reportCycles.reception.columns.kinds'),
      render: (_, row) => row.kinds.map((kind) => <Tag key={kind}>{t(`reportCycles.kinds.${kind}`)}</Tag>),
    },
    {
      key: 'status',
      title: t('reportCycles.reception.columns.status'),
      render: (_, row) => (
        <span data-testid="reception-status">
          <Tag color={STATUS_COLOR[row.status]}>{t(`reportCycles.reception.status.${row.status}`)}</Tag>
          {row.paused && <Tag color="default">{t('reportCycles.reception.paused')}</Tag>}
        </span>
      ),
    },
    {
      key: 'csv',
      title: t('reportCycles.reception.columns.csv'),
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.csv}
          disabled={actions.busy}
          onChange={(csv) => actions.onCsv(row, csv)}
          aria-label={t('reportCycles.reception.csvFor', { email: row.email })}
          data-testid="reception-csv"
        />
      ),
    },
    {
      key: 'last',
      title: t('reportCycles.reception.columns.last'),
      render: (_, row) => (
        <span data-testid="reception-last">
          {row.lastSentAt === null
            ? t('reportCycles.reception.never')
            : t('reportCycles.reception.lastSent', {
                at: formatInstant(row.lastSentAt),
                kind: t(`reportCycles.runKinds.${row.lastKind ?? 'energy'}`),
              })}
        </span>
      ),
    },
    {
      key: 'next',
      title: t('reportCycles.reception.columns.next'),
      render: (_, row) => (
        <span data-testid="reception-next">
          {row.nextDue === null
            ? t('reportCycles.reception.noneDue')
            : t('reportCycles.reception.nextDue', {
                at: formatInstant(row.nextDue.at),
                report: t(`reportCycles.runKinds.${row.nextDue.kind}`),
                key: row.nextDue.key,
              })}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('reportCycles.reception.columns.actions'),
      fixed: 'right',
      className: 'lw-actions-column',
      render: (_, row) => (
        <RowActions
          rowName={row.email}
          inlineCount={3}
          actions={[
            {
              key: 'resend',
              label: t('reportCycles.reception.resend'),
              hidden: row.status === 'active',
              onClick: () => actions.onResend(row),
              testId: 'reception-resend',
            },
            {
              key: 'pause',
              label: t(row.paused ? 'reportCycles.reception.resume' : 'reportCycles.reception.pause'),
              onClick: () => actions.onPause(row, !row.paused),
              testId: 'reception-pause',
            },
            {
              key: 'remove',
              label: t('reportCycles.reception.remove'),
              danger: true,
              onClick: () => actions.onRemove(row),
              testId: 'reception-remove',
              confirm: {
                title: t('reportCycles.reception.removeConfirm', { email: row.email }),
                okText: t('reportCycles.reception.remove'),
              },
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={[...list]}
      columns={columns}
      pagination={false}
      scroll={TABLE_SCROLL}
      locale={{ emptyText: t('reportCycles.reception.empty') }}
      data-testid="reception-table"
    />
  );
}
