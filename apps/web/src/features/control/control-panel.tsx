import { Button, Slider, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lightOutput } from './light-look';
import type { LightSettings } from './use-network-control';

/** Colour temperature range of DT8 luminaires in kelvin. */
export const CCT_RANGE = { min: 2700, max: 6500, step: 100 } as const;

/** Props of {@link ControlPanel}. */
export interface ControlPanelProps {
  /** Devices the command reaches (0 refuses it with loc933). */
  devices: number;
  /** Reported level in percent of the target (the slider starts there). */
  level: number;
  /** Every light element of the target dims linearly; otherwise the section-9 output is shown. */
  linear: boolean;
  /** The target holds DT8 colour-tuning luminaires. */
  tunable: boolean;
  /** Reported colour temperature, if any. */
  cct: number | null;
  busy: boolean;
  onLight: (settings: LightSettings) => void;
}

/** On/off, dimming and colour-temperature controls of a device, zone, group or network. */
export function ControlPanel({ devices, level, linear, tunable, cct, busy, onLight }: ControlPanelProps) {
  const { t } = useTranslation();
  const [dim, setDim] = useState(level);
  const [kelvin, setKelvin] = useState(cct ?? 4000);
  useEffect(() => setDim(level), [level]);
  useEffect(() => setKelvin(cct ?? 4000), [cct]);
  return (
    <Space orientation="vertical" style={{ width: 260 }}>
      <Typography.Text type="secondary">{t('control.panel.devices', { count: devices })}</Typography.Text>
      <Space>
        <Button
          type="primary"
          aria-label={t('control.actions.on')}
          loading={busy}
          onClick={() => onLight({ onOff: 1 })}
        >
          {t('control.actions.on')}
        </Button>
        <Button aria-label={t('control.actions.off')} loading={busy} onClick={() => onLight({ onOff: 0 })}>
          {t('control.actions.off')}
        </Button>
      </Space>
      <div>
        <Typography.Text>{t('control.panel.level', { value: dim })}</Typography.Text>
        <Slider
          ariaLabelForHandle={t('control.panel.dim')}
          min={0}
          max={100}
          value={dim}
          onChange={setDim}
          onChangeComplete={(value) => onLight({ lightness: value })}
        />
        {!linear && (
          <Typography.Text type="secondary" data-testid="non-linear-output">
            {t('control.panel.output', { value: lightOutput(dim, false) })}
          </Typography.Text>
        )}
      </div>
      {tunable && (
        <div>
          <Typography.Text>{t('control.panel.cct', { value: kelvin })}</Typography.Text>
          <Slider
            ariaLabelForHandle={t('control.panel.cctLabel')}
            min={CCT_RANGE.min}
            max={CCT_RANGE.max}
            step={CCT_RANGE.step}
            value={kelvin}
            onChange={setKelvin}
            onChangeComplete={(value) => onLight({ cct: value })}
          />
        </div>
      )}
    </Space>
  );
}
