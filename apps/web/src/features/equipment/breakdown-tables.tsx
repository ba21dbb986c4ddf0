import type { EquipmentFigures, KindRow, ModelRow, VersionRow } from '@lightwell/domain';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEquipmentLabels } from './labels';

/** Pagination of a long table: pages on screen, none on paper. */
export type Paging = TableProps<object>['pagination'];

/** Sideways scrolling of a table: inside its card on screen (never the page), none on paper. */
export type Scrolling = TableProps<object>['scroll'];

type Figures = EquipmentFigures;
type BatteryRow = Figures['emergency']['battery'][number];
type LastTestRow = Figures['emergency']['lastTest'][number];
type AgeRow = Figures['age']['buckets'][number];

/** A column of counts: its header carries the unit, the cells are right-aligned numbers. */
function countColumn<T extends object>(title: string, key: keyof T & string) {
  return { key, title, dataIndex: key, align: 'right' as const };
}

const tableProps = { size: 'small', bordered: true } as const;

/** Installed devices by kind: online, offline, faulty. */
export function KindTable({ rows, scroll }: { rows: KindRow[]; scroll?: Scrolling }) {
  const { t } = useTranslation();
  const labels = useEquipmentLabels();
  return (
    <Table<KindRow>
      {...tableProps}
      scroll={scroll}
      rowKey="kind"
      pagination={false}
      dataSource={rows}
      data-testid="equipment-kinds"
      columns={[
        { key: 'kind', title: t('equipment.columns.kind'), render: (_, row) => labels.kind(row.kind) },
        countColumn<KindRow>(t('equipment.columns.devices'), 'devices'),
        countColumn<KindRow>(t('equipment.columns.online'), 'online'),
        countColumn<KindRow>(t('equipment.columns.offline'), 'offline'),
        countColumn<KindRow>(t('equipment.columns.faulty'), 'faulty'),
      ]}
    />
  );
}

/** Installed devices by model, most first. */
export function ModelTable({ rows, pagination, scroll }: { rows: ModelRow[]; pagination: Paging; scroll?: Scrolling }) {
  const { t } = useTranslation();
  const labels = useEquipmentLabels();
  return (
    <Table<ModelRow>
      {...tableProps}
      scroll={scroll}
      rowKey="model"
      pagination={pagination}
      dataSource={rows}
      data-testid="equipment-models"
      columns={[
        { key: 'model', title: t('equipment.columns.model'), dataIndex: 'model' },
        { key: 'kind', title: t('equipment.columns.kind'), render: (_, row) => labels.kind(row.kind) },
        { key: 'manufacturer', title: t('equipment.columns.manufacturer'), dataIndex: 'manufacturer' },
        countColumn<ModelRow>(t('equipment.columns.devices'), 'devices'),
        countColumn<ModelRow>(t('equipment.columns.online'), 'online'),
        countColumn<ModelRow>(t('equipment.columns.offline'), 'offline'),
        countColumn<ModelRow>(t('equipment.columns.faulty'), 'faulty'),
      ]}
    />
  );
}

/** Installed devices of each model by firmware or hardware version. */
export function VersionTable({
  rows,
  kind,
  pagination,
  scroll,
}: {
  rows: VersionRow[];
  kind: 'firmware' | 'hardware';
  pagination: Paging;
  scroll?: Scrolling;
}) {
  const { t } = useTranslation();
  const labels = useEquipmentLabels();
  return (
    <Table<VersionRow>
      {...tableProps}
      scroll={scroll}
      rowKey={(row) => JSON.stringify([row.model, row.version])}
      pagination={pagination}
      dataSource={rows}
      data-testid={`equipment-${kind}`}
      columns={[
        { key: 'model', title: t('equipment.columns.model'), dataIndex: 'model' },
        {
          key: 'version',
          title: kind === 'firmware' ? t('equipment.columns.firmware') : t('equipment.columns.hardware'),
          render: (_, row) => labels.version(row.version),
        },
        countColumn<VersionRow>(t('equipment.columns.devices'), 'devices'),
      ]}
    />
  );
}

/** Installed devices by age since installation. */
export function AgeTable({ rows, scroll }: { rows: AgeRow[]; scroll?: Scrolling }) {
  const { t } = useTranslation();
  const labels = useEquipmentLabels();
  return (
    <Table<AgeRow>
      {...tableProps}
      scroll={scroll}
      rowKey="bucket"
      pagination={false}
      dataSource={rows}
      data-testid="equipment-age"
      columns={[
        { key: 'bucket', title: t('equipment.columns.age'), render: (_, row) => labels.age(row.bucket) },
        countColumn<AgeRow>(t('equipment.columns.devices'), 'devices'),
      ]}
    />
  );
}

/** Emergency fittings by battery state. */
export function BatteryTable({ rows, scroll }: { rows: BatteryRow[]; scroll?: Scrolling }) {
  const { t } = useTranslation();
  const labels = useEquipmentLabels();
  return (
    <Table<BatteryRow>
      {...tableProps}
      scroll={scroll}
      rowKey="state"
      pagination={false}
      dataSource={rows}
      data-testid="equipment-battery"
      columns={[
        { key: 'state', title: t('equipment.columns.battery'), render: (_, row) => labels.battery(row.state) },
        countColumn<BatteryRow>(t('equipment.columns.fittings'), 'fittings'),
      ]}
    />
  );
}

/** Emergency fittings by the grade of their last function and duration test. */
export function LastTestTable({ rows, scroll }: { rows: LastTestRow[]; scroll?: Scrolling }) {
  const { t } = useTranslation();
  const labels = useEquipmentLabels();
  return (
    <Table<LastTestRow>
      {...tableProps}
      scroll={scroll}
      rowKey="grade"
      pagination={false}
      dataSource={rows}
      data-testid="equipment-last-test"
      columns={[
        { key: 'grade', title: t('equipment.columns.grade'), render: (_, row) => labels.grade(row.grade) },
        countColumn<LastTestRow>(t('equipment.columns.functionTest'), 'function'),
        countColumn<LastTestRow>(t('equipment.columns.durationTest'), 'duration'),
      ]}
    />
  );
}
