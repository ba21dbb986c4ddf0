import type { ReactNode } from 'react';

/**
 * Card of the public account pages: a heading, an optional line below it, the form and footer links.
 * A `wide` card holds more than a form (a shared profile's settings). Plain markup styled like an
 * antd card: the sign-in page loads neither Card (which brings Tabs) nor Typography.
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
    <section className={wide ? 'lw-auth-card lw-auth-card--wide' : 'lw-auth-card'}>
      <h2 className="lw-auth-card__title">{title}</h2>
      {subtitle && <p className="lw-auth-card__subtitle">{subtitle}</p>}
      {children}
      {footer && <div className="lw-auth-card__footer">{footer}</div>}
    </section>
  );
}
