import { LOGO_BOXES, type Logo, type LogoSlot } from '@lightwell/domain';
import { Button, Card, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Largest logo file the page sends (the call takes up to 700 KiB). */
const MAX_LOGO_BYTES = 700 * 1024;
const TYPES = ['image/png', 'image/jpeg'];

/** Reads a file as base64 without the data-URL prefix. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * One of the two logos, shown scaled into its box (216×162 or 792×162, never stretched), with choosing
 * a JPG or PNG of up to 700 KiB and removing it for editors.
 */
export function LogoCard({
  slot,
  logo,
  canEdit,
  saving,
  onChange,
  onRefused,
}: {
  slot: LogoSlot;
  logo: Logo | null;
  canEdit: boolean;
  saving: boolean;
  onChange: (image: string | null) => void;
  onRefused: (message: string) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const box = LOGO_BOXES[slot];
  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) return onRefused(t('settings.header.logo.type'));
    if (file.size > MAX_LOGO_BYTES) return onRefused(t('settings.header.logo.size', { kib: 700 }));
    onChange(await readBase64(file));
  };
  return (
    <Card title={t(`settings.header.logo.${slot}`)} data-testid={`logo-${slot}`}>
      <div
        className="lw-logo-box"
        style={{ width: '100%', maxWidth: box.width, aspectRatio: `${box.width} / ${box.height}` }}
      >
        {logo ? (
          <img
            src={`data:${logo.mime};base64,${logo.data}`}
            alt={t(`settings.header.logo.${slot}`)}
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography.Text type="secondary">{t('settings.header.logo.none')}</Typography.Text>
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('settings.header.logo.help', { width: box.width, height: box.height, kib: 700 })}
        {logo ? ` ${t('settings.header.logo.current', { width: logo.width, height: logo.height })}` : ''}
      </Typography.Paragraph>
      {canEdit && (
        <Space>
          <input
            ref={input}
            type="file"
            accept={TYPES.join(',')}
            hidden
            data-testid={`logo-${slot}-file`}
            onChange={(event) => {
              void handleFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button loading={saving} onClick={() => input.current?.click()}>
            {t('settings.header.logo.choose')}
          </Button>
          {logo && (
            <Button danger disabled={saving} onClick={() => onChange(null)} data-testid={`logo-${slot}-remove`}>
              {t('settings.header.logo.remove')}
            </Button>
          )}
        </Space>
      )}
    </Card>
  );
}
