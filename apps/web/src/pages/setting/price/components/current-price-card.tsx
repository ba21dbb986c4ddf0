import { datedVersionOn, type EnergyBase, formatPrice } from '@lightwell/domain';
import { Alert, Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { WorkedExampleLines } from './worked-example';

/** The price valid today in the network, a worked example of its bands, and a note for read-only members. */
export function CurrentPriceCard({ base }: { base: EnergyBase }) {
  const { t } = useTranslation();
  const current = datedVersionOn(base.versions, base.today);
  return (
    <Card title={t('settings.price.currentTitle')}>
      {!base.canEdit && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('settings.price.readOnly')} />
      )}
      <Statistic
        title={t('settings.price.currentPrice', { zone: base.timeZone })}
        value={`${formatPrice(base.electricityPrice)} ${base.currency}`}
        suffix={t('settings.price.perKWhUnit')}
        data-testid="current-price"
      />
      {current && (
        <div style={{ marginTop: 16 }}>
          <WorkedExampleLines version={{ ...current, validFrom: base.today }} timeZone={base.timeZone} />
        </div>
      )}
    </Card>
  );
}
