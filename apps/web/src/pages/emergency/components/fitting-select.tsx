import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmergencyElementsQuery } from '../../../api/emergency';

/** Fittings offered at once: the search narrows a network of thousands to these. */
const OFFERED = 20;

/**
 * Picks one fitting of the network for a log page, or none for all: typing searches the network's fittings
 * by name or MAC on the server (the first 20 that match), so it works for thousands of them.
 */
export function FittingSelect({
  nid,
  value,
  onChange,
}: {
  nid: number;
  value: number | undefined;
  onChange: (deviceId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useEmergencyElementsQuery(nid, {
    page: 1,
    pageSize: OFFERED,
    filter: 'all',
    ...(search ? { search } : {}),
  });
  // The chosen fitting keeps its name while the search shows others.
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const options = (found.data?.list ?? []).map((fitting) => ({
    value: fitting.deviceId,
    label: fitting.zoneName ? `${fitting.name} · ${fitting.zoneName}` : fitting.name,
  }));
  if (chosen && value === chosen.value && !options.some((option) => option.value === chosen.value)) {
    options.unshift(chosen);
  }
  return (
    <Select<number>
      aria-label={t('emergencyPages.fields.fitting')}
      data-testid="fitting-filter"
      style={{ minWidth: 200 }}
      allowClear
      placeholder={t('emergencyPages.fittingFilter.all')}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('emergencyPages.fittingFilter.none')}
      value={value}
      options={options}
      onChange={(next, option) => {
        const picked = Array.isArray(option) ? undefined : option;
        setChosen(next === undefined || !picked ? null : { value: next, label: String(picked.label) });
        setTyped('');
        onChange(next);
      }}
    />
  );
}
