import type { EquipmentFigures } from '@lightwell/domain';
import { Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AgeTable,
  BatteryTable,
  KindTable,
  LastTestTable,
  ModelTable,
  type Paging,
  type Scrolling,
  VersionTable,
} from './breakdown-tables';
import { useOldestText } from './network-table';

/** Sections of the statistics that have a chart beside their table on screen. */
export type ChartSection = 'kinds' | 'models' | 'age' | 'battery' | 'lastTest';

/** Props of {@link EquipmentBreakdowns}. */
export interface EquipmentBreakdownsProps {
  figures: EquipmentFigures;
  /** Pages of the long tables (models, versions); false prints every row. */
  pagination: Paging;
  /** Sideways scrolling of the tables (the page scrolls them inside their card; the printout not at all). */
  scroll?: Scrolling;
  /** The chart of a section, drawn beside its table (the page passes one; the printout none). */
  chart?: (section: ChartSection, figures: EquipmentFigures) => ReactNode;
  /** Class of each section (the printout's page-break rules). */
  sectionClassName?: string;
}

function Section({
  title,
  testId,
  className,
  chart,
  children,
}: {
  title: string;
  testId: string;
  className: string | undefined;
  chart?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={className} data-testid={testId}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {chart ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            {chart}
          </Col>
          <Col xs={24} xl={12}>
            {children}
          </Col>
        </Row>
      ) : (
        children
      )}
    </section>
  );
}

/**
 * The breakdowns of a set of devices: kinds, models, firmware and hardware versions per model, age since
 * installation with the device installed earliest, and the emergency fittings by battery state and last
 * test (while there is a fitting). Each a table, with a chart beside it where `chart` gives one.
 */
export function EquipmentBreakdowns({
  figures,
  pagination,
  scroll,
  chart,
  sectionClassName,
}: EquipmentBreakdownsProps) {
  const { t } = useTranslation();
  const oldestText = useOldestText();
  const section = { className: sectionClassName };
  return (
    <>
      <Section
        {...section}
        title={t('equipment.sections.kinds')}
        testId="section-kinds"
        chart={chart?.('kinds', figures)}
      >
        <KindTable rows={figures.byKind} scroll={scroll} />
      </Section>
      <Section
        {...section}
        title={t('equipment.sections.models')}
        testId="section-models"
        chart={chart?.('models', figures)}
      >
        <ModelTable rows={figures.byModel} pagination={pagination} scroll={scroll} />
      </Section>
      <Section {...section} title={t('equipment.sections.firmware')} testId="section-firmware">
        <VersionTable rows={figures.byFirmware} kind="firmware" pagination={pagination} scroll={scroll} />
      </Section>
      <Section {...section} title={t('equipment.sections.hardware')} testId="section-hardware">
        <VersionTable rows={figures.byHardware} kind="hardware" pagination={pagination} scroll={scroll} />
      </Section>
      <Section {...section} title={t('equipment.sections.age')} testId="section-age" chart={chart?.('age', figures)}>
        <AgeTable rows={figures.age.buckets} scroll={scroll} />
        <Typography.Paragraph type="secondary" data-testid="equipment-oldest" style={{ marginTop: 8 }}>
          {oldestText(figures.age.oldest)}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('equipment.hints.age')}</Typography.Paragraph>
      </Section>
      {figures.emergency.fittings > 0 && (
        <>
          <Section
            {...section}
            title={t('equipment.sections.battery')}
            testId="section-battery"
            chart={chart?.('battery', figures)}
          >
            <BatteryTable rows={figures.emergency.battery} scroll={scroll} />
          </Section>
          <Section
            {...section}
            title={t('equipment.sections.lastTest')}
            testId="section-last-test"
            chart={chart?.('lastTest', figures)}
          >
            <LastTestTable rows={figures.emergency.lastTest} scroll={scroll} />
          </Section>
        </>
      )}
    </>
  );
}
