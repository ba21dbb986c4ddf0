import {
  type Currency,
  formatCivilDate,
  formatInstantTime,
  formatPrice,
  type TariffBandRecord,
} from '@lightwell/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../stores/session';
import { workedExamples } from '../tariff-form';

/** "1 kWh at 14:00 CET on a weekday costs …" (time in the network zone with its abbreviation): the version's price and bands checked on a weekday and a weekend day. */
export function WorkedExampleLines({
  version,
  timeZone,
}: {
  version: { validFrom: string; pricePerKWh: number; bands: readonly TariffBandRecord[]; currency: Currency };
  timeZone: string;
}) {
  const { t } = useTranslation();
  const timeFormat = useSession((state) => state.timeFormat);
  const examples = workedExamples(version, timeZone);
  const line = (key: string, example: (typeof examples)['weekday']) =>
    example && (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t(key, {
          date: formatCivilDate(example.date, timeFormat),
          time: formatInstantTime(example.hour, timeZone),
          price: `${formatPrice(example.pricePerKWh)} ${version.currency}`,
        })}
      </Typography.Paragraph>
    );
  return (
    <div data-testid="worked-example">
      {line('settings.price.example.weekday', examples.weekday)}
      {line('settings.price.example.weekend', examples.weekend)}
    </div>
  );
}
