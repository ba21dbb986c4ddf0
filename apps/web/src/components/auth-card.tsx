import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Card of the public account pages: a heading, an optional line below it, the form and footer links. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="lw-auth-card">
      <Typography.Title level={2} className="lw-auth-card__title">
        {title}
      </Typography.Title>
      {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
      {children}
      {footer && <div className="lw-auth-card__footer">{footer}</div>}
    </Card>
  );
}
