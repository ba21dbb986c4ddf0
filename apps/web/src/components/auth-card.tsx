import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * Card of the public account pages: a heading, an optional line below it, the form and footer links.
 * A `wide` card holds more than a form (a shared profile's settings).
 */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <Card className={wide ? 'lw-auth-card lw-auth-card--wide' : 'lw-auth-card'}>
      <Typography.Title level={2} className="lw-auth-card__title">
        {title}
      </Typography.Title>
      {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
      {children}
      {footer && <div className="lw-auth-card__footer">{footer}</div>}
    </Card>
  );
}
