import type { EquipmentFigures } from '@lightwell/domain';
import { Card, Col, Row, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEquipmentLabels } from '../../../../../../features/equipment/labels';

interface Figure {
  key: string;
  title: string;
  value: string;
  raw: number;
  hint?: string;
  tone?: 'success' | 'warning' | 'danger';
}

/**
 * The totals of the networks covered, each with its unit: installed devices, online, offline, faulty,
 * planned and emergency fittings; what each counts in a tooltip where it is not plain.
 */
export function FigureCards({ figures }: { figures: EquipmentFigures }) {
  const { t } = useTranslation();
  const labels = useEquipmentLabels();
  const list: Figure[] = [
    {
      key: 'devices',
      title: t('equipment.figures.devices'),
      value: labels.devices(figures.devices),
      raw: figures.devices,
      hint: t('equipment.hints.devices'),
    },
    {
      key: 'online',
      title: t('equipment.figures.online'),
      value: labels.devices(figures.online),
      raw: figures.online,
      tone: 'success',
    },
    {
      key: 'offline',
      title: t('equipment.figures.offline'),
      value: labels.devices(figures.offline),
      raw: figures.offline,
      tone: figures.offline > 0 ? 'warning' : undefined,
    },
    {
      key: 'faulty',
      title: t('equipment.figures.faulty'),
      value: labels.devices(figures.faulty),
      raw: figures.faulty,
      hint: t('equipment.hints.faulty'),
      tone: figures.faulty > 0 ? 'danger' : undefined,
    },
    {
      key: 'planned',
      title: t('equipment.figures.planned'),
      value: labels.devices(figures.planned),
      raw: figures.planned,
      hint: t('equipment.hints.planned'),
    },
    {
      key: 'fittings',
      title: t('equipment.figures.fittings'),
      value: labels.fittings(figures.emergency.fittings),
      raw: figures.emergency.fittings,
    },
  ];
  return (
    <Row gutter={[12, 12]}>
      {list.map((figure) => (
        <Col key={figure.key} xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }}>
            <Tooltip title={figure.hint}>
              <Typography.Text type="secondary">{figure.title}</Typography.Text>
            </Tooltip>
            <div>
              <Typography.Text
                strong
                type={figure.tone}
                style={{ fontSize: 22 }}
                data-testid={`equipment-figure-${figure.key}`}
                data-value={figure.raw}
              >
                {figure.value}
              </Typography.Text>
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
