import { POWER_ON_STATES, type SceneType, SENSOR_STRATEGIES, sceneParamFields } from '@lightwell/domain';
import { Col, Form, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

const SWITCHES = new Set(['softOnOff', 'loopRun', 'startOver']);
const CHOICES: Record<string, readonly (string | number)[]> = {
  powerOnState: POWER_ON_STATES,
  sensorStrategy: SENSOR_STRATEGIES,
  detectionRange: [1, 2, 3, 4],
};
/** Ranges of the number fields, as the domain schemas accept them. */
const RANGES: Record<string, [number, number]> = {
  dimmingLevel: [0, 100],
  standbyLevel: [0, 100],
  colourTemperature: [1000, 20000],
  holdTime: [0, 86_400],
  standbyTime: [0, 86_400],
  daylightThreshold: [0, 100_000],
  luxTarget: [0, 100_000],
  tolerance: [0, 50],
  daylightRate: [0.1, 100],
  sunriseShift: [-180, 180],
  dwellTime: [0, 3600],
};

/** The parameter fields of a scene type (section 3), inside the scene form under `params`. */
export function SceneParams({ type }: { type: SceneType }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      {sceneParamFields(type).map((field) => (
        <Col span={12} key={field}>
          <Form.Item
            name={['params', field]}
            label={t(`scene.params.${field}`)}
            valuePropName={SWITCHES.has(field) ? 'checked' : 'value'}
          >
            {SWITCHES.has(field) ? (
              <Switch />
            ) : CHOICES[field] ? (
              <Select
                virtual={false}
                options={CHOICES[field].map((value) => ({
                  value,
                  label: typeof value === 'number' ? String(value) : t(`scene.options.${field}.${value}`),
                }))}
              />
            ) : (
              <InputNumber min={RANGES[field]?.[0]} max={RANGES[field]?.[1]} style={{ width: '100%' }} />
            )}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
