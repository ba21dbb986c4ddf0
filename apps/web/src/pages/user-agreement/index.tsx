import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Sections of the agreement, in reading order; texts live in the `about` namespace. */
export const AGREEMENT_SECTIONS = [
  'scope',
  'account',
  'use',
  'data',
  'mail',
  'availability',
  'liability',
  'changes',
] as const;

/** User agreement (/userAgreement), readable without signing in. */
export function UserAgreementPage() {
  const { t } = useTranslation();
  return (
    <Card className="lw-document">
      <Typography>
        <Typography.Title level={2}>{t('about.agreement.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('about.agreement.intro')}</Typography.Paragraph>
        {AGREEMENT_SECTIONS.map((section, position) => (
          <section key={section}>
            <Typography.Title level={4}>
              {position + 1}. {t(`about.agreement.sections.${section}.heading`)}
            </Typography.Title>
            <Typography.Paragraph>{t(`about.agreement.sections.${section}.body`)}</Typography.Paragraph>
          </section>
        ))}
      </Typography>
    </Card>
  );
}
