import { useTranslation } from 'react-i18next';

/** Logo and product name; the name is left out when `compact`. */
export function Brand({ compact = false, dark = false }: { compact?: boolean; dark?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`lw-brand${dark ? ' lw-brand--dark' : ''}`}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!compact && <span className="lw-brand__name">{t('common.appName')}</span>}
    </span>
  );
}
