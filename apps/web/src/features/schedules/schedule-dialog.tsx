import type { Schedule } from '@lightwell/domain';
import { Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScheduleMutations } from '../../api/schedule';
import { toast } from '../../app/feedback';
import { FormDialog } from '../../components/form-dialog';
import { OverrideFields } from './override-fields';
import { ScheduleTimeFields } from './schedule-time-fields';
import { newScheduleValues, type ScheduleValues, schedulePayload, scheduleValuesOf } from './schedule-values';
import { useTargetOptions } from './use-target-options';

interface ScheduleDialogProps {
  nid: number;
  kind: ScheduleValues['kind'];
  schedule?: Schedule;
  onClose: () => void;
}

/** Creates or edits a schedule or astro timer: friendly fields in, encoded fields (section 3) out. */
export function ScheduleDialog({ nid, kind, schedule, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ScheduleValues>();
  const { add, update } = useScheduleMutations();
  const targets = useTargetOptions(nid);
  const targetKind = Form.useWatch('targetKind', form) ?? schedule?.targetKind ?? 'network';

  const handleSubmit = (values: ScheduleValues) => {
    const payload = schedulePayload({ ...values, kind });
    const done = () => {
      toast.saved(t(schedule ? 'schedule.messages.updated' : 'schedule.messages.created'));
      onClose();
    };
    if (schedule)
      update.mutate({ scheduleId: schedule.id, enabled: schedule.enabled, ...payload }, { onSuccess: done });
    else add.mutate({ nid, ...payload }, { onSuccess: done });
  };

  return (
    <FormDialog
      form={form}
      width={760}
      title={t(`schedule.form.${schedule ? 'edit' : 'create'}Title.${kind}`)}
      pending={add.isPending || update.isPending}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        name="schedule-form"
        initialValues={schedule ? scheduleValuesOf(schedule) : newScheduleValues(kind)}
        onFinish={handleSubmit}
      >
        <Form.Item
          name="name"
          label={t('schedule.form.name')}
          rules={[{ required: true, whitespace: true, message: t('schedule.form.nameRequired') }, { max: 64 }]}
        >
          <Input maxLength={64} autoFocus />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="targetKind" label={t('schedule.form.targetKind')}>
            <Select
              style={{ width: 160 }}
              options={(['network', 'zone', 'group', 'scene'] as const).map((value) => ({
                value,
                label: t(`schedule.targets.${value}`),
              }))}
              onChange={() => form.setFieldValue('targetId', null)}
            />
          </Form.Item>
          {targetKind !== 'network' && (
            <Form.Item
              name="targetId"
              label={t('schedule.form.target')}
              rules={[{ required: true, message: t('schedule.form.targetRequired') }]}
            >
              <Select style={{ width: 200 }} virtual={false} options={targets[targetKind]} />
            </Form.Item>
          )}
          {targetKind !== 'scene' && (
            <>
              <Form.Item name="onOff" label={t('schedule.form.action')}>
                <Radio.Group
                  options={[
                    { value: 1, label: t('schedule.actions.on') },
                    { value: 0, label: t('schedule.actions.off') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="lightness" label={t('schedule.form.lightness')}>
                <InputNumber min={0} max={100} />
              </Form.Item>
            </>
          )}
        </Space>
        <ScheduleTimeFields kind={kind} />
        <OverrideFields />
      </Form>
    </FormDialog>
  );
}
