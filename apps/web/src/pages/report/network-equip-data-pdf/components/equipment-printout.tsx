import { PrinterOutlined } from '@ant-design/icons';
import type { EquipmentStatistics, IssuedEquipment } from '@lightwell/domain';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EquipmentBreakdowns } from '../../../../features/equipment/equipment-breakdowns';
import { NetworkTable } from '../../../../features/equipment/network-table';
import { useFormatInstant } from '../../../../hooks/use-format-instant';

/**
 * The statistics as printed: title, project and networks, when they were counted, the networks' table and
 * every breakdown of the total, all rows (no pages). `issued` names the report they were issued with.
 */
export function EquipmentPrintout({
  statistics,
  issued,
}: {
  statistics: EquipmentStatistics;
  issued?: IssuedEquipment['issued'];
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const timeZone = statistics.networks[0]?.timeZone ?? 'UTC';
  return (
    <>
      <div className="lw-print__head">
        <div>
          <Typography.Title level={3}>{t('equipment.print.title')}</Typography.Title>
          <Typography.Text data-testid="equipment-print-scope">
            {t('equipment.print.scope', {
              project: statistics.project.name,
              networks: statistics.networks.map((network) => network.name).join(', '),
            })}
          </Typography.Text>
        </div>
        <Typography.Text type="secondary">
          {t('equipment.page.asOf', { at: formatInstant(statistics.generatedAt, { timeZone }) })}
        </Typography.Text>
        <Button className="lw-print__toolbar" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('equipment.print.print')}
        </Button>
      </div>
      {issued && (
        <Typography.Paragraph type="secondary" data-testid="equipment-print-issued">
          {t('equipment.print.issued', {
            period: issued.periodKey,
            version: issued.version,
            at: formatInstant(issued.issuedAt, { timeZone }),
          })}
        </Typography.Paragraph>
      )}
      {statistics.networks.length === 0 ? (
        <Typography.Paragraph>{t('equipment.page.noNetworks')}</Typography.Paragraph>
      ) : (
        <>
          <section className="lw-print__section">
            <Typography.Title level={4}>{t('equipment.sections.networks')}</Typography.Title>
            <NetworkTable statistics={statistics} />
          </section>
          <EquipmentBreakdowns figures={statistics.total} pagination={false} sectionClassName="lw-print__section" />
        </>
      )}
    </>
  );
}
