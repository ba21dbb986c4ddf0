import { CO2_FACTOR_SETS, type EnergyBase, factorSetById } from '@lightwell/domain';
import { Card, Descriptions, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The network's CO2 emission factor set, chosen from the shipped, immutable sets (notes §3). */
export function FactorSetCard({
  base,
  saving,
  onChoose,
}: {
  base: EnergyBase;
  saving: boolean;
  onChoose: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const chosen = base.factorSetId ? factorSetById(base.factorSetId) : null;
  const label = (set: (typeof CO2_FACTOR_SETS)[number]) =>
    `${set.region} · ${set.publisher} · ${set.edition}${set.dataYear ? ` (${set.dataYear})` : ''} · ${set.gramsPerKWh} g/kWh`;
  return (
    <Card title={t('settings.price.co2.title')}>
      <Select
        style={{ width: '100%', maxWidth: 720 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        disabled={!base.canEdit}
        loading={saving}
        placeholder={t('settings.price.co2.none')}
        value={base.factorSetId ?? undefined}
        onChange={(id?: string) => onChoose(id ?? null)}
        options={CO2_FACTOR_SETS.map((set) => ({ value: set.id, label: label(set) }))}
        data-testid="factor-set"
      />
      {chosen ? (
        <Descriptions size="small" column={2} style={{ marginTop: 16 }} data-testid="factor-set-details">
          <Descriptions.Item label={t('settings.price.co2.region')}>{chosen.region}</Descriptions.Item>
          <Descriptions.Item label={t('settings.price.co2.publisher')}>{chosen.publisher}</Descriptions.Item>
          <Descriptions.Item label={t('settings.price.co2.edition')}>{chosen.edition}</Descriptions.Item>
          <Descriptions.Item label={t('settings.price.co2.dataYear')}>{chosen.dataYear ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('settings.price.co2.factor')}>
            {t('settings.price.co2.gramsPerKWh', { grams: chosen.gramsPerKWh, gas: chosen.gas })}
          </Descriptions.Item>
          <Descriptions.Item label={t('settings.price.co2.note')}>{chosen.unitNote}</Descriptions.Item>
          <Descriptions.Item label={t('settings.price.co2.source')} span={2}>
            {chosen.sourceUrl ? (
              <Typography.Link href={chosen.sourceUrl} target="_blank" rel="noreferrer">
                {chosen.sourceUrl}
              </Typography.Link>
            ) : (
              t('settings.price.co2.specDefault')
            )}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('settings.price.co2.noneHelp')}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('settings.price.co2.fromToday')}
      </Typography.Paragraph>
    </Card>
  );
}
