import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickerCard } from '../../../components/picker-card';
import { CurrentPriceCard } from './components/current-price-card';
import { EstimateForm } from './components/estimate-form';
import { FactorSetCard } from './components/factor-set-card';
import { TariffTable } from './components/tariff-table';
import { VersionForm } from './components/version-form';
import { usePricePage } from './use-price-page';

/**
 * Electricity price (/setting/price, 9-0): a network's price valid today, its dated tariff history with
 * standing charges and time-of-use bands, its CO2 factor set and estimate defaults. Sub-users read only.
 */
export function PriceSettingsPage() {
  const { t } = useTranslation();
  const page = usePricePage();
  const base = page.base.data;
  return (
    <div className="lw-stack">
      <PickerCard
        label={t('settings.price.network')}
        value={page.nid}
        options={page.networks}
        loading={page.networksLoading}
        onChange={page.setNid}
        testId="price-network"
      />
      {page.nid === null && !page.networksLoading && <Empty description={t('settings.price.noNetwork')} />}
      {page.base.isLoading && <Spin />}
      {base && (
        <>
          <CurrentPriceCard base={base} />
          <TariffTable
            base={base}
            onRemove={(validFrom) => void page.save({ removeVersionFrom: validFrom }, 'settings.price.removed')}
          />
          {base.canEdit && (
            <VersionForm
              base={base}
              saving={page.saving}
              onAdd={(version) => page.save({ addVersion: version }, 'settings.price.added')}
            />
          )}
          <FactorSetCard
            base={base}
            saving={page.saving}
            onChoose={(id) => void page.save({ factorSetId: id }, 'settings.price.co2.chosen')}
          />
          <EstimateForm
            base={base}
            saving={page.saving}
            onSave={(estimate) => void page.save({ estimate }, 'settings.price.estimate.saved')}
          />
        </>
      )}
    </div>
  );
}
