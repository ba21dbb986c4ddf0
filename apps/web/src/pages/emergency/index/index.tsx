import { ELEMENT_FILTERS, type EmergencyElement } from '@lightwell/domain';
import { Card, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ElementQuery, useEmergencyElementsQuery } from '../../../api/emergency';
import { useZoneMapQuery } from '../../../api/zone';
import { RecordExportBar } from '../../../features/emergency/export-bar';
import { useTimeZone } from '../../../hooks/use-format-instant';
import { useSession } from '../../../stores/session';
import { EmergencyGate, type EmergencyScope } from '../components/emergency-gate';
import { LastTask } from '../components/last-task';
import { ActionBar } from './components/action-bar';
import { ElementTable } from './components/element-table';
import { LatestResultsDrawer } from './components/latest-results-drawer';

/**
 * Emergency element info (/emergency/index, 5-1): fittings, their state and results (a fitting's name
 * opens its latest tests and faults), and actions on them.
 */
export function EmergencyElementsPage() {
  return <EmergencyGate>{(scope) => <ElementWorkspace scope={scope} />}</EmergencyGate>;
}

function ElementWorkspace({ scope }: { scope: EmergencyScope }) {
  const { t } = useTranslation();
  const pageSize = useSession((state) => state.pageNumber) as ElementQuery['pageSize'];
  const [query, setQuery] = useState<ElementQuery>({ page: 1, pageSize, filter: 'all' });
  const list = useEmergencyElementsQuery(scope.nid, { ...query, pageSize });
  const zones = useZoneMapQuery(scope.nid).data?.zones ?? [];
  const [selected, setSelected] = useState<EmergencyElement[]>([]);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [latestOf, setLatestOf] = useState<EmergencyElement | null>(null);
  const networkZone = useTimeZone('network', scope.nid);
  const timeZone = list.data?.timeZone || networkZone;
  const filter = (changes: Partial<ElementQuery>) => setQuery((current) => ({ ...current, ...changes, page: 1 }));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('emergencyPages.elements.title', { network: scope.networkName })}
        data-testid="emergency-elements"
        extra={
          <Space wrap>
            <Select
              aria-label={t('emergencyPages.elements.filter')}
              data-testid="element-filter"
              style={{ minWidth: 150 }}
              value={query.filter}
              onChange={(value) => filter({ filter: value })}
              options={ELEMENT_FILTERS.map((value) => ({ value, label: t(`emergencyPages.filters.${value}`) }))}
            />
            <Select<number | 'all'>
              aria-label={t('emergencyPages.fields.zone')}
              data-testid="element-zone"
              style={{ minWidth: 150 }}
              value={query.zoneId ?? 'all'}
              onChange={(value) => filter({ zoneId: value === 'all' ? undefined : value })}
              options={[
                { value: 'all', label: t('emergencyPages.elements.allZones') },
                ...zones.map((zone) => ({ value: zone.id, label: zone.name })),
              ]}
            />
            <Input.Search
              allowClear
              aria-label={t('emergencyPages.elements.search')}
              placeholder={t('emergencyPages.elements.search')}
              onSearch={(value) => filter({ search: value.trim() || undefined })}
            />
          </Space>
        }
      >
        {scope.canAct && (
          <ActionBar nid={scope.nid} selected={selected} zones={zones} timeZone={timeZone} onTask={setTaskId} />
        )}
        <ElementTable
          rows={list.data?.list ?? []}
          total={list.data?.total ?? 0}
          page={query.page}
          loading={list.isLoading}
          timeZone={timeZone}
          selectable={scope.canAct}
          selected={selected}
          onSelect={setSelected}
          onPageChange={(page) => setQuery((current) => ({ ...current, page }))}
          onOpen={setLatestOf}
        />
      </Card>
      {taskId !== null && <LastTask taskId={taskId} />}
      {latestOf && (
        <LatestResultsDrawer nid={scope.nid} fitting={latestOf} timeZone={timeZone} onClose={() => setLatestOf(null)} />
      )}
      <Card title={t('emergencyPages.export.title')} size="small">
        <RecordExportBar nid={scope.nid} timeZone={timeZone} parts={['all', 'selfTest', 'schedule', 'fault']} />
      </Card>
    </Space>
  );
}
