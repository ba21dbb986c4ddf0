import type { Schedule } from '@lightwell/domain';
import { Button, Card, Divider, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScheduleListQuery, useScheduleMutations } from '../../api/schedule';
import { toast } from '../../app/feedback';
import { EmptyState, emptyLocale } from '../../components/empty-state';
import { actionsColumn, nameColumn, TABLE_SCROLL } from '../../components/table-columns';
import { useFormatInstant } from '../../hooks/use-format-instant';
import { LocationForm } from './location-form';
import { OverrideStatus } from './override-status';
import { ScheduleDialog } from './schedule-dialog';
import { useScheduleSentence } from './use-schedule-sentence';
import { useTargetOptions } from './use-target-options';

type Editing = { kind: Schedule['kind']; schedule?: Schedule } | null;

/**
 * Schedules and astro timers of network `nid` (section 3 encoding): the network's location, the list
 * with each timer as a sentence and its next firings in the network's time zone (with the zone's
 * abbreviation, to the minute), and (owners, installers) the editor.
 */
export function SchedulePanel({ nid, canEdit }: { nid: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const query = useScheduleListQuery(nid);
  const { enable, remove, resume } = useScheduleMutations();
  const formatInstant = useFormatInstant();
  const sentence = useScheduleSentence();
  const targets = useTargetOptions(nid);
  const targetName = (row: Schedule) => {
    const kind = t(`schedule.targets.${row.targetKind}`);
    if (row.targetKind === 'network') return kind;
    const name = targets[row.targetKind].find((o) => o.value === row.targetId)?.label;
    return name ? t('common.format.nameWithDetail', { name: kind, detail: name }) : kind;
  };
  const [editing, setEditing] = useState<Editing>(null);
  const data = query.data;
  const timeZone = data?.location.timeZone;

  return (
    <Card
      title={t('schedule.panel.title')}
      data-testid="schedule-panel"
      extra={
        canEdit && (
          <Space wrap>
            <Button onClick={() => setEditing({ kind: 'schedule' })}>{t('schedule.panel.addSchedule')}</Button>
            <Button onClick={() => setEditing({ kind: 'astro' })}>{t('schedule.panel.addAstro')}</Button>
          </Space>
        )
      }
    >
      {data && (
        <LocationForm key={JSON.stringify(data.location)} nid={nid} location={data.location} canEdit={canEdit} />
      )}
      <Divider />
      <Table<Schedule>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={data?.list ?? []}
        locale={emptyLocale(
          query.isLoading,
          canEdit ? (
            <EmptyState
              description={t('schedule.panel.empty')}
              action={{ label: t('schedule.panel.addSchedule'), onClick: () => setEditing({ kind: 'schedule' }) }}
              testId="schedules-empty"
            />
          ) : (
            <EmptyState description={t('schedule.panel.emptyReadOnly')} testId="schedules-empty" />
          ),
        )}
        scroll={TABLE_SCROLL}
        columns={[
          nameColumn<Schedule>({
            title: t('schedule.columns.name'),
            text: (row) => row.name,
            onOpen: (row) => setEditing({ kind: row.kind, schedule: row }),
            canOpen: () => canEdit,
          }),
          {
            title: t('schedule.columns.kind'),
            dataIndex: 'kind',
            render: (kind: string) => t(`schedule.kinds.${kind}`),
          },
          {
            title: t('schedule.columns.target'),
            key: 'target',
            render: (_, row) => targetName(row),
          },
          {
            title: t('schedule.columns.when'),
            key: 'when',
            render: (_, row) => <span data-testid="schedule-row-sentence">{sentence(row)}</span>,
          },
          {
            title: t('schedule.columns.nextRun'),
            key: 'nextRuns',
            render: (_, row) =>
              row.nextRuns.length === 0 ? (
                '—'
              ) : (
                <div data-testid="schedule-next-runs">
                  {row.nextRuns.map((at) => (
                    <div key={at}>{formatInstant(at, { timeZone })}</div>
                  ))}
                </div>
              ),
          },
          {
            title: t('schedule.columns.override'),
            key: 'override',
            render: (_, row) => (
              <OverrideStatus
                schedule={row}
                timeZone={timeZone}
                onResume={() =>
                  resume.mutate(
                    { nid, scheduleId: row.id },
                    { onSuccess: ({ devices }) => toast.saved(t('schedule.messages.resumed', { count: devices })) },
                  )
                }
              />
            ),
          },
          {
            title: t('schedule.columns.enabled'),
            key: 'enabled',
            render: (_, row) => (
              <Switch
                size="small"
                checked={row.enabled}
                disabled={!canEdit}
                onChange={(enabled) => enable.mutate({ scheduleId: row.id, enabled })}
              />
            ),
          },
          ...(canEdit
            ? [
                actionsColumn<Schedule>({
                  title: t('schedule.columns.actions'),
                  rowName: (row) => row.name,
                  actions: (row) => [
                    {
                      key: 'edit',
                      label: t('schedule.actions.edit'),
                      onClick: () => setEditing({ kind: row.kind, schedule: row }),
                    },
                    {
                      key: 'delete',
                      label: t('schedule.actions.delete'),
                      danger: true,
                      onClick: () =>
                        remove.mutate(
                          { scheduleId: row.id },
                          { onSuccess: () => toast.saved(t('schedule.messages.deleted')) },
                        ),
                      confirm: { title: t('schedule.actions.deleteConfirm', { name: row.name }) },
                    },
                  ],
                }),
              ]
            : []),
        ]}
      />
      {editing && (
        <ScheduleDialog nid={nid} kind={editing.kind} schedule={editing.schedule} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
