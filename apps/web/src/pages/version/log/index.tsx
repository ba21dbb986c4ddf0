import { Card, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Releases, newest first, with the keys of their notes in the `about` namespace. */
export const RELEASES = [
  {
    version: '1.0.0',
    key: 'v1_0_0',
    notes: ['accounts', 'signIn', 'reset', 'settings', 'languages', 'console', 'projects', 'security', 'demo'],
  },
] as const;

/** Release notes (/version/log). */
export function VersionLogPage() {
  const { t } = useTranslation();
  return (
    <Card className="lw-document">
      <Typography.Title level={2}>{t('about.versionLog.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('about.versionLog.intro')}</Typography.Paragraph>
      <Timeline
        items={RELEASES.map((release, position) => ({
          key: release.version,
          color: position === 0 ? 'red' : 'gray',
          content: (
            <section aria-label={t('about.versionLog.version', { version: release.version })}>
              <Typography.Title level={4}>
                {t('about.versionLog.version', { version: release.version })}{' '}
                {position === 0 && <Tag color="red">{t('about.versionLog.current')}</Tag>}
              </Typography.Title>
              <Typography.Paragraph>{t(`about.versionLog.releases.${release.key}.summary`)}</Typography.Paragraph>
              <ul>
                {release.notes.map((note) => (
                  <li key={note}>{t(`about.versionLog.releases.${release.key}.notes.${note}`)}</li>
                ))}
              </ul>
            </section>
          ),
        }))}
      />
    </Card>
  );
}
