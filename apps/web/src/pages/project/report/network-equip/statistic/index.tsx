import type { EquipmentStatistics } from '@lightwell/domain';
import { Alert, Card, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEquipmentStatisticQuery } from '../../../../../api/equipment';
import { TABLE_SCROLL } from '../../../../../components/table-columns';
import { EquipmentBreakdowns } from '../../../../../features/equipment/equipment-breakdowns';
import { NetworkTable } from '../../../../../features/equipment/network-table';
import { useFormatInstant } from '../../../../../hooks/use-format-instant';
import { useSession } from '../../../../../stores/session';
import { EquipmentChart } from './components/equipment-charts';
import { ExportBar } from './components/export-bar';
import { FigureCards } from './components/figure-cards';
import { ScopeBar } from './components/scope-bar';
import { useEquipmentScope } from './use-equipment-scope';

/**
 * Network equipment statistics (/project/report/networkEquip/statistic, 2-9): the installed base of the
 * networks of a project the user holds (all, or those picked): totals, one row per network, and by kind,
 * model, firmware and hardware version, age since installation and the emergency fittings' battery and last
 * test, as tables and charts; exported as CSV, Excel or PDF, or opened as a print view.
 */
export function EquipmentStatisticPage() {
  const { t } = useTranslation();
  const scope = useEquipmentScope();
  const statistic = useEquipmentStatisticQuery(scope.scope);
  return (
    <div className="lw-stack" data-testid="equipment-statistic">
      <Card title={t('equipment.page.title', { project: scope.projectName })} extra={<ExportBar scope={scope.scope} />}>
        <ScopeBar
          pid={scope.scope?.pid ?? null}
          projects={scope.projects}
          networks={scope.networks}
          nids={scope.nids}
          loading={scope.loading}
          onProject={scope.setProject}
          onNetworks={scope.setNids}
        />
      </Card>
      {scope.scope === null ? (
        !scope.loading && <Empty description={t('equipment.page.chooseProject')} />
      ) : statistic.isError && !statistic.data ? (
        <Alert type="error" showIcon title={t('equipment.page.loadFailed')} />
      ) : statistic.data ? (
        <Statistics statistics={statistic.data} />
      ) : (
        <Spin className="lw-page-spin" />
      )}
    </div>
  );
}

function Statistics({ statistics }: { statistics: EquipmentStatistics }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const pageSize = useSession((state) => state.pageNumber);
  if (statistics.networks.length === 0) return <Empty description={t('equipment.page.noNetworks')} />;
  const total = statistics.total;
  return (
    <>
      <Typography.Text type="secondary" data-testid="equipment-as-of">
        {t('common.format.nameWithDetail', {
          name: t('equipment.page.scope', { count: statistics.networks.length }),
          detail: t('equipment.page.asOf', {
            at: formatInstant(statistics.generatedAt, { timeZone: statistics.networks[0]!.timeZone }),
          }),
        })}
      </Typography.Text>
      <FigureCards figures={total} />
      <Card title={t('equipment.sections.networks')}>
        <NetworkTable statistics={statistics} scroll={TABLE_SCROLL} />
      </Card>
      <Card>
        {total.devices === 0 ? (
          <Empty description={t('equipment.page.empty')} />
        ) : (
          <EquipmentBreakdowns
            figures={total}
            pagination={{ pageSize, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={TABLE_SCROLL}
            chart={(section, figures) => <EquipmentChart section={section} figures={figures} />}
          />
        )}
      </Card>
    </>
  );
}
