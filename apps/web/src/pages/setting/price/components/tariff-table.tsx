import { type EnergyBase, formatCivilDate, formatPrice, type TariffVersionRow } from '@lightwell/domain';
import { Button, Card, Popconfirm, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../../../hooks/use-format-instant';
import { useSession } from '../../../../stores/session';
import { clockTime, lastDayOf } from '../tariff-form';

/** A local date `YYYY-MM-DD` in the user's time format. */
function useFormatLocalDate(): (date: string) => string {
  const timeFormat = useSession((state) => state.timeFormat);
  return (date) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return formatCivilDate({ year, month, day }, timeFormat);
  };
}

/** Weekday names, short, in the interface language (ISO 1 Monday … 7 Sunday). */
export function useWeekdayName(): (isoDay: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  return (isoDay) => format.format(Date.UTC(2026, 0, 4 + isoDay));
}

/** The tariff history of a network: one row per version, newest first; editors remove versions not yet started. */
export function TariffTable({ base, onRemove }: { base: EnergyBase; onRemove: (validFrom: string) => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatInstant = useFormatInstant();
  const weekday = useWeekdayName();
  const money = (stored: number, currency: string) => `${formatPrice(stored)} ${currency}`;
  const columns: ColumnsType<TariffVersionRow> = [
    {
      title: t('settings.price.table.from'),
      key: 'from',
      render: (_, v) => (
        <>
          {formatDate(v.validFrom)} {v.validFrom > base.today && <Tag>{t('settings.price.table.upcoming')}</Tag>}
          {v.validFrom <= base.today && (v.validTo === null || v.validTo > base.today) && (
            <Tag color="green">{t('settings.price.table.current')}</Tag>
          )}
        </>
      ),
    },
    {
      title: t('settings.price.table.to'),
      key: 'to',
      render: (_, v) => (v.validTo ? formatDate(lastDayOf(v.validTo)) : '—'),
    },
    {
      title: t('settings.price.table.price'),
      key: 'price',
      render: (_, v) => t('settings.price.perKWh', { price: money(v.pricePerKWh, v.currency) }),
    },
    {
      title: t('settings.price.table.standingCharge'),
      key: 'standing',
      render: (_, v) =>
        v.standingChargePerDay === null
          ? '—'
          : t('settings.price.perDay', { price: money(v.standingChargePerDay, v.currency) }),
    },
    {
      title: t('settings.price.table.bands'),
      key: 'bands',
      render: (_, v) =>
        v.bands.length === 0
          ? '—'
          : v.bands.map((band) => {
              const text = t('settings.price.bandLine', {
                days: band.weekdays.map(weekday).join(', '),
                from: clockTime(band.fromSecond),
                to: clockTime(band.toSecond),
                price: money(band.pricePerKWh, v.currency),
              });
              return <div key={text}>{text}</div>;
            }),
    },
    {
      title: t('settings.price.table.added'),
      key: 'added',
      render: (_, v) =>
        v.createdAt === null
          ? t('settings.price.table.opening')
          : `${v.createdByName ?? '—'}, ${formatInstant(v.createdAt, { timeZone: base.timeZone })}`,
    },
  ];
  if (base.canEdit) {
    columns.push({
      title: t('settings.price.table.actions'),
      key: 'actions',
      render: (_, v) =>
        v.removable && (
          <Popconfirm
            title={t('settings.price.removeConfirm', { date: formatDate(v.validFrom) })}
            onConfirm={() => onRemove(v.validFrom)}
          >
            <Button type="link" danger>
              {t('settings.price.remove')}
            </Button>
          </Popconfirm>
        ),
    });
  }
  return (
    <Card title={t('settings.price.historyTitle')}>
      <Table
        rowKey="validFrom"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={[...base.versions].reverse()}
        data-testid="tariff-table"
      />
    </Card>
  );
}
