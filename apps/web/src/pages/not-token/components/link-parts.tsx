import { Button, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/errors';

/** A missing, invalid or expired e-mail link: what happened and what to do (ask for a new e-mail, or sign in). */
function InvalidEmergencyLink({ expired }: { expired: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      data-testid="emergency-link-invalid"
      title={t(expired ? 'emergencyPages.link.expiredTitle' : 'emergencyPages.link.invalidTitle')}
      subTitle={t('emergencyPages.link.what')}
      extra={<Button onClick={() => void navigate('/login')}>{t('emergencyPages.link.toLogin')}</Button>}
    />
  );
}

/**
 * The frame of a page reached through a signed e-mail link: a spinner while it loads, the invalid-link
 * page when the server refuses the link (1065) or it is missing, else the report.
 */
export function LinkGate<T>({
  link,
  query,
  children,
}: {
  link: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!link) return <InvalidEmergencyLink expired={false} />;
  if (query.isError) {
    if (isApiError(query.error, 1065)) return <InvalidEmergencyLink expired />;
    return (
      <Result
        status="error"
        title={t('emergencyPages.link.failed')}
        subTitle={String((query.error as Error).message)}
      />
    );
  }
  if (query.isPending || query.data === undefined) return <Spin className="lw-page-spin" />;
  return (
    <div className="lw-print" data-testid="emergency-link-report">
      {children(query.data)}
      <Typography.Paragraph type="secondary">{t('emergencyPages.link.readOnly')}</Typography.Paragraph>
    </div>
  );
}
