import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRecipientActivationQuery } from '../../api/report-setup';

const STATUS = { successful: 'success', expired: 'warning', failed: 'error' } as const;

/**
 * Public page of a recipient's activation link (/shared/projectSettingEmail/active, section 4
 * "Activation"): opening it activates the address for the project's e-mails and says successful,
 * expired (ask the project's editor to send it again) or failed (unknown or replaced link).
 */
export function RecipientActivationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const activation = useRecipientActivationQuery(link);
  if (link && activation.isPending) return <Spin className="lw-page-spin" />;
  const answer = activation.data;
  const state = answer?.state ?? 'failed';
  return (
    <Result
      status={STATUS[state]}
      title={t(`settings.header.activation.${state}.title`)}
      subTitle={t(`settings.header.activation.${state}.text`, {
        email: answer?.email ?? '',
        project: answer?.projectName ?? '',
      })}
      data-testid="activation-result"
    />
  );
}
