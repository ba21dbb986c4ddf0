import {
  BUTTON_ACTIONS,
  BUTTON_EVENTS,
  HF_RANGE_OPTIONS,
  PROCESS_KINDS,
  type ProfileSettings,
  type ProfileSettingsInput,
} from '@lightwell/domain';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { TimerField } from './timer-field';

/** What the editor saves: name, whether others may see it, and the settings. */
export interface ProfileFormValues {
  name: string;
  isPublic: boolean;
  settings: ProfileSettingsInput;
}

const seconds = (max: number, min = 0) => ({ min, max, precision: 0, style: { width: 160 } });

/** Sensor settings of section 3: detection range (hfRange), sensitivities, times, LED and auto-send. */
function SensorSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const sensitivity = [1, 2, 3, 4, 5].map((level) => ({ value: level, label: t(`profile.sensitivity.${level}`) }));
  const item = (name: string) => ({ name: ['settings', 'sensor', name], label: t(`profile.sensor.${name}`) });
  return (
    <Card size="small" title={t('profile.sections.sensor')} className="lw-gap-top">
      <Form.Item {...item('hfRange')}>
        <Select
          disabled={disabled}
          data-testid="profile-hf-range"
          style={{ width: 160 }}
          options={HF_RANGE_OPTIONS.map((o) => ({
            value: o.code,
            label: t('common.units.percent', { value: o.percent }),
          }))}
        />
      </Form.Item>
      <Form.Item {...item('staticSensitivity')}>
        <Select disabled={disabled} style={{ width: 160 }} options={sensitivity} />
      </Form.Item>
      <Form.Item {...item('motionSensitivity')}>
        <Select disabled={disabled} style={{ width: 160 }} options={sensitivity} />
      </Form.Item>
      <Form.Item {...item('presenceTime')} extra={t('profile.units.s')}>
        <InputNumber disabled={disabled} {...seconds(3600, 1)} />
      </Form.Item>
      <Form.Item {...item('standbyTime')} extra={t('profile.units.s')}>
        <InputNumber disabled={disabled} {...seconds(86_400)} />
      </Form.Item>
      <Form.Item {...item('lockTime')} extra={t('profile.units.s')}>
        <InputNumber disabled={disabled} {...seconds(60)} />
      </Form.Item>
      <Form.Item {...item('ledIndicator')} valuePropName="checked">
        <Switch disabled={disabled} />
      </Form.Item>
      <Form.Item {...item('autoSend')} valuePropName="checked">
        <Switch disabled={disabled} />
      </Form.Item>
      <Form.Item {...item('autoSendInterval')} extra={t('profile.units.s')}>
        <InputNumber disabled={disabled} {...seconds(3600, 10)} />
      </Form.Item>
    </Card>
  );
}

/** Button actions of section 3: each event mapped to an action, a scene recall with its number. */
function ButtonsSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const actions = BUTTON_ACTIONS.map((action) => ({ value: action, label: t(`profile.buttonActions.${action}`) }));
  return (
    <Card size="small" title={t('profile.sections.buttons')} className="lw-gap-top">
      {BUTTON_EVENTS.map((event) => (
        <Form.Item key={event} label={t(`profile.buttons.${event}`)}>
          <Space>
            <Form.Item name={['settings', 'buttons', event, 'action']} noStyle>
              <Select
                disabled={disabled}
                style={{ width: 180 }}
                options={actions}
                aria-label={t(`profile.buttons.${event}`)}
              />
            </Form.Item>
            <Form.Item
              noStyle
              shouldUpdate={(a, b) => a.settings?.buttons?.[event]?.action !== b.settings?.buttons?.[event]?.action}
            >
              {({ getFieldValue }) =>
                getFieldValue(['settings', 'buttons', event, 'action']) === 'scene' && (
                  <Form.Item
                    name={['settings', 'buttons', event, 'sceneNumber']}
                    noStyle
                    rules={[{ required: true, message: t('profile.buttons.sceneRequired') }]}
                  >
                    <InputNumber
                      disabled={disabled}
                      min={1}
                      max={65535}
                      precision={0}
                      placeholder={t('profile.buttons.sceneNumber')}
                    />
                  </Form.Item>
                )
              }
            </Form.Item>
          </Space>
        </Form.Item>
      ))}
    </Card>
  );
}

/** Fire alarm input (section 3): normally open or closed, persistent or pulse. */
function FireAlarmSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('profile.sections.fireAlarm')} className="lw-gap-top">
      <Form.Item name={['settings', 'fireAlarm', 'contact']} label={t('profile.fireAlarm.contact')}>
        <Radio.Group disabled={disabled}>
          <Radio value="normallyOpen">{t('profile.fireAlarm.normallyOpen')}</Radio>
          <Radio value="normallyClosed">{t('profile.fireAlarm.normallyClosed')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item name={['settings', 'fireAlarm', 'signal']} label={t('profile.fireAlarm.signal')}>
        <Radio.Group disabled={disabled}>
          <Radio value="persistent">{t('profile.fireAlarm.persistent')}</Radio>
          <Radio value="pulse">{t('profile.fireAlarm.pulse')}</Radio>
        </Radio.Group>
      </Form.Item>
    </Card>
  );
}

/** The six process timers, each edited as a duration with its decoded display (section 4). */
function TimersSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('profile.sections.timers')} className="lw-gap-top">
      {PROCESS_KINDS.map((kind) => (
        <Form.Item key={kind} name={['settings', 'timers', kind]} label={t(`profile.timers.${kind}`)}>
          <TimerField kind={kind} disabled={disabled} />
        </Form.Item>
      ))}
    </Card>
  );
}

/** Name and visibility of a profile. */
function GeneralSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('profile.sections.general')} className="lw-gap-top">
      <Form.Item
        name="name"
        label={t('profile.fields.name')}
        rules={[{ required: true, whitespace: true, message: t('profile.fields.nameRequired') }]}
      >
        <Input maxLength={64} disabled={disabled} data-testid="profile-name" style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item name="isPublic" label={t('profile.fields.isPublic')} valuePropName="checked">
        <Switch disabled={disabled} />
      </Form.Item>
    </Card>
  );
}

/** Props of {@link ProfileEditor}. */
export interface ProfileEditorProps {
  initial: { name: string; isPublic: boolean; settings: ProfileSettings };
  readOnly?: boolean;
  /**
   * Only the settings, read-only, stacked for a narrow card and without the copy hint: a profile
   * offered through a share link (/shared/config).
   */
  preview?: boolean;
  saving?: boolean;
  onSave?: (values: ProfileFormValues) => void;
}

/**
 * The profile editor (3-2-1 add, 3-2-2 update): name and visibility, then the sensor, button, fire-alarm
 * and process-timer sections. Read-only for system defaults and other users' profiles; a preview shows
 * the settings sections alone.
 */
export function ProfileEditor({
  initial,
  readOnly = false,
  preview = false,
  saving = false,
  onSave,
}: ProfileEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileFormValues>();
  const disabled = readOnly || preview;
  return (
    <Form
      form={form}
      name="profile"
      layout={preview ? 'vertical' : 'horizontal'}
      labelCol={preview ? undefined : { flex: '220px' }}
      labelWrap
      initialValues={initial}
      onFinish={onSave}
      data-testid={preview ? 'profile-preview' : undefined}
    >
      {readOnly && !preview && (
        <Alert type="info" showIcon message={t('profile.editor.readOnly')} data-testid="profile-read-only" />
      )}
      {!preview && <GeneralSection disabled={disabled} />}
      <SensorSection disabled={disabled} />
      <ButtonsSection disabled={disabled} />
      <FireAlarmSection disabled={disabled} />
      <TimersSection disabled={disabled} />
      {!disabled && (
        <Button type="primary" htmlType="submit" loading={saving} className="lw-gap-top" data-testid="profile-save">
          {t('common.actions.save')}
        </Button>
      )}
    </Form>
  );
}
