import { DURATION_KINDS, EmergencyLimits, type EmergencySchedule, STAGGER_SPLITS, TEST_KINDS } from '@lightwell/domain';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newScheduleValues, type ScheduleFormValues, toScheduleInput, valuesOf } from '../schedule-values';

const DAYS = Array.from({ length: 28 }, (_, index) => index + 1);
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * Adds or edits a self-test schedule: monthly function test or yearly duration test (until the rated
 * time, until the battery is empty, or custom minutes), day and time in the site's zone (named beside
 * the time), maximum delay up to 15 minutes, the stagger split, and what it covers.
 */
export function ScheduleDialog({
  schedule,
  timeZone,
  zones,
  groups,
  saving,
  onSave,
  onClose,
}: {
  schedule: EmergencySchedule | null;
  timeZone: string;
  zones: readonly { id: number; name: string }[];
  groups: readonly { id: number; name: string }[];
  saving: boolean;
  onSave: (input: NonNullable<ReturnType<typeof toScheduleInput>>) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<ScheduleFormValues>(() => (schedule ? valuesOf(schedule) : newScheduleValues()));
  const set = (changes: Partial<ScheduleFormValues>) => setValues((current) => ({ ...current, ...changes }));
  const input = toScheduleInput(values);
  const duration = values.testKind === 'duration';
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const targets = values.targetKind === 'zone' ? zones : groups;

  return (
    <Modal
      open
      title={t(schedule ? 'emergencyPages.schedules.edit' : 'emergencyPages.schedules.add')}
      okText={t('emergencyPages.save')}
      cancelText={t('emergencyPages.cancel')}
      okButtonProps={{ disabled: input === null }}
      confirmLoading={saving}
      onOk={() => input && onSave(input)}
      onCancel={onClose}
      data-testid="schedule-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('emergencyPages.schedules.name')} required>
          <Input
            aria-label={t('emergencyPages.schedules.name')}
            maxLength={64}
            value={values.name}
            onChange={(event) => set({ name: event.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('emergencyPages.fields.test')}>
          <Select
            aria-label={t('emergencyPages.fields.test')}
            data-testid="schedule-kind"
            value={values.testKind}
            onChange={(testKind) => set({ testKind })}
            options={TEST_KINDS.map((kind) => ({ value: kind, label: t(`emergencyPages.schedules.kinds.${kind}`) }))}
          />
        </Form.Item>
        {duration && (
          <Form.Item label={t('emergencyPages.schedules.month')}>
            <Select
              aria-label={t('emergencyPages.schedules.month')}
              value={values.month}
              onChange={(month) => set({ month })}
              options={MONTHS.map((month) => ({
                value: month,
                label: monthName.format(new Date(Date.UTC(2001, month - 1, 1))),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item label={t('emergencyPages.schedules.day')}>
          <Select
            aria-label={t('emergencyPages.schedules.day')}
            value={values.day}
            onChange={(day) => set({ day })}
            options={DAYS.map((day) => ({ value: day, label: String(day) }))}
          />
        </Form.Item>
        <Form.Item label={t('emergencyPages.schedules.time', { zone: timeZone })}>
          <Input
            type="time"
            aria-label={t('emergencyPages.schedules.time', { zone: timeZone })}
            value={values.time}
            onChange={(event) => set({ time: event.target.value })}
          />
        </Form.Item>
        {duration && (
          <Form.Item label={t('emergencyPages.fields.durationKind')}>
            <Select
              aria-label={t('emergencyPages.fields.durationKind')}
              value={values.durationKind}
              onChange={(durationKind) => set({ durationKind })}
              options={DURATION_KINDS.map((kind) => ({
                value: kind,
                label: t(`emergencyPages.durationKinds.${kind}`),
              }))}
            />
          </Form.Item>
        )}
        {duration && values.durationKind === 'custom' && (
          <Form.Item label={t('emergencyPages.fields.minutes')}>
            <InputNumber
              aria-label={t('emergencyPages.fields.minutes')}
              min={1}
              max={EmergencyLimits.maxDurationMinutes}
              value={values.durationMinutes}
              onChange={(minutes) => minutes !== null && set({ durationMinutes: minutes })}
            />
          </Form.Item>
        )}
        <Form.Item label={t('emergencyPages.schedules.maxDelay')} extra={t('emergencyPages.schedules.maxDelayHint')}>
          <InputNumber
            aria-label={t('emergencyPages.schedules.maxDelay')}
            min={0}
            max={EmergencyLimits.maxTestDelayMinutes}
            value={values.maxDelayMinutes}
            onChange={(minutes) => minutes !== null && set({ maxDelayMinutes: minutes })}
          />
        </Form.Item>
        <Form.Item label={t('emergencyPages.schedules.stagger')} extra={t('emergencyPages.schedules.staggerHint')}>
          <Select
            aria-label={t('emergencyPages.schedules.stagger')}
            value={values.stagger}
            onChange={(stagger) => set({ stagger })}
            options={STAGGER_SPLITS.map((split) => ({ value: split, label: t(`emergencyPages.staggers.${split}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('emergencyPages.schedules.covers')}>
          <Select
            aria-label={t('emergencyPages.schedules.covers')}
            value={values.targetKind}
            onChange={(targetKind) => set({ targetKind, targetIds: [] })}
            options={(['network', 'zone', 'group'] as const).map((kind) => ({
              value: kind,
              label: t(`emergencyPages.actions.targets.${kind}`),
            }))}
          />
        </Form.Item>
        {values.targetKind !== 'network' && values.targetKind !== 'fittings' && (
          <Form.Item label={t(`emergencyPages.actions.choose.${values.targetKind}`)}>
            <Select<number[]>
              mode="multiple"
              aria-label={t(`emergencyPages.actions.choose.${values.targetKind}`)}
              value={values.targetIds}
              onChange={(targetIds) => set({ targetIds })}
              options={targets.map((target) => ({ value: target.id, label: target.name }))}
            />
          </Form.Item>
        )}
        <Form.Item label={t('emergencyPages.schedules.enabled')}>
          <Switch
            aria-label={t('emergencyPages.schedules.enabled')}
            checked={values.enabled}
            onChange={(enabled) => set({ enabled })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
