import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePublicFaultQuery } from '../../../api/emergency';
import { FaultAdvice, FaultSummary } from '../../../features/emergency/fault-view';
import { useFormatInstant } from '../../../hooks/use-format-instant';
import { LinkGate } from '../components/link-parts';

/**
 * Public fault report (/not/token/emergency/fault?link=…), reached only through the signed, expiring link
 * of a fault e-mail: that one fault, its cause and advice and its workflow, nothing else.
 */
export function EmergencyFaultLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const query = usePublicFaultQuery(link);
  const formatInstant = useFormatInstant('local');
  return (
    <LinkGate link={link} query={query}>
      {({ network, fault }) => {
        const format = (at: number) => formatInstant(at, { timeZone: network.timeZone });
        return (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Title level={3}>
              {t('emergencyPages.link.faultTitle', { name: fault.fittingName })}
            </Typography.Title>
            <Typography.Text>
              {t('emergencyPages.print.network', { project: network.projectName, network: network.name })} ·{' '}
              {t('emergencyPages.link.zone', { zone: network.timeZone })}
            </Typography.Text>
            <FaultSummary fault={fault} format={format} />
            <Typography.Title level={5}>{t('emergencyPages.faults.causeAdvice')}</Typography.Title>
            <FaultAdvice fault={fault} />
          </Space>
        );
      }}
    </LinkGate>
  );
}
