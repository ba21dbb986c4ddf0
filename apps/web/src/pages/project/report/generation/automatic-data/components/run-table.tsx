import type { ReportDelivery, ReportRunRecord } from '@lightwell/domain';
import { Button, Popconfirm, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../../../../../hooks/use-format-instant';
import { RunDetails } from './run-details';

const STATE_COLOR = { due: 'blue', sent: 'green', failed: 'red', skipped: 'default' } as const;
/** Reasons the server names by a code; any other reason is the failure as it was recorded. */
const KNOWN_REASONS = new Set(['noRecipients', 'noNetworks']);

/** What an editor does with runs. */
export interface RunActions {
  onRestate: (run: ReportRunRecord) => void;
  onResend: (run: ReportRunRecord, delivery: ReportDelivery) => void;
  onDownload: (fileName: string) => void;
  busy: boolean;
}

/** Why a late run is late, for its tag's tooltip. */
function useLateText() {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant('local');
  return (run: ReportRunRecord) => {
    if (run.lateReason === 'delayed') return t('reportCycles.runs.lateDelayed');
    if (run.lateSince === null) return t('reportCycles.runs.lateDowntimeUnknown');
    return t('reportCycles.runs.lateDowntime', { since: formatInstant(run.lateSince) });
  };
}

/**
 * Every automatic report run of a project, newest first: kind, period and version, state (due, sent, failed
 * with its reason, skipped), when it was due and settled, how many it went to; a row opens its figures,
 * files and deliveries. An issued energy report may be restated: a new version with today's figures.
 */
export function RunTable({
  runs,
  loading,
  actions,
}: {
  runs: readonly ReportRunRecord[];
  loading: boolean;
  actions: RunActions;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant('local');
  const lateText = useLateText();
  const columns: TableColumnsType<ReportRunRecord> = [
    {
      key: 'kind',
      title: t('reportCycles.runs.columns.kind'),
      render: (_, run) => `${t(`reportCycles.runKinds.${run.kind}`)}${run.network ? ` · ${run.network.name}` : ''}`,
    },
    {
      key: 'period',
      title: t('reportCycles.runs.columns.period'),
      render: (_, run) => (
        <span data-testid="run-period">
          {run.cycle === 'realtime' ? t('reportCycles.runs.realtime') : t(`reportCycles.cycles.${run.cycle}`)} ·{' '}
          {run.periodKey}
          {run.version > 1 ? ` · ${t('reportCycles.runs.version', { version: run.version })}` : ''}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('reportCycles.runs.columns.state'),
      render: (_, run) => {
        const reason = run.reason
          ? KNOWN_REASONS.has(run.reason)
            ? t(`reportCycles.runs.reasons.${run.reason}`)
            : run.reason
          : null;
        return (
          <span data-testid="run-state">
            <Tag color={STATE_COLOR[run.state]}>{t(`reportCycles.runs.states.${run.state}`)}</Tag>
            {run.late && (
              <Tooltip title={lateText(run)}>
                <Tag color="orange">{t('reportCycles.runs.late')}</Tag>
              </Tooltip>
            )}
            {run.restated && <Tag>{t('reportCycles.runs.restated')}</Tag>}
            {reason && (run.state === 'failed' || run.state === 'skipped') && (
              <span data-testid="run-reason"> {reason}</span>
            )}
          </span>
        );
      },
    },
    { key: 'sendAt', title: t('reportCycles.runs.columns.sendAt'), render: (_, run) => formatInstant(run.sendAt) },
    {
      key: 'finishedAt',
      title: t('reportCycles.runs.columns.finishedAt'),
      render: (_, run) => (run.finishedAt === null ? '' : formatInstant(run.finishedAt)),
    },
    {
      key: 'to',
      title: t('reportCycles.runs.columns.to'),
      render: (_, run) =>
        t('reportCycles.runs.recipients', { count: run.deliveries.filter((d) => d.copy === 0).length }),
    },
    {
      key: 'actions',
      title: t('reportCycles.runs.columns.actions'),
      render: (_, run) =>
        run.kind === 'energy' && (run.state === 'sent' || run.state === 'failed') && !run.restated ? (
          <Popconfirm
            title={t('reportCycles.runs.restateConfirm')}
            okText={t('reportCycles.runs.restate')}
            cancelText={t('common.actions.cancel')}
            onConfirm={() => actions.onRestate(run)}
          >
            <Button size="small" type="link" disabled={actions.busy} data-testid="run-restate">
              {t('reportCycles.runs.restate')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={[...runs]}
      columns={columns}
      scroll={{ x: true }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      expandable={{
        expandedRowRender: (run) => (
          <RunDetails
            run={run}
            busy={actions.busy}
            onDownload={actions.onDownload}
            onResend={(delivery) => actions.onResend(run, delivery)}
          />
        ),
      }}
      locale={{ emptyText: t('reportCycles.runs.empty') }}
      data-testid="run-table"
    />
  );
}
