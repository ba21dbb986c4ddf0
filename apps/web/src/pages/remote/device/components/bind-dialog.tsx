import { type DeviceSummary, formatMac } from '@lightwell/domain';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceBindMutation, useRealDeviceOptionsQuery } from '../../../../api/device';
import { isApiError } from '../../../../api/errors';
import { toast } from '../../../../app/feedback';

/**
 * Binds a real device to the virtual `device`: only real devices of the same model are offered
 * (section 5); the server's refusal (1077 mismatch, 1076 already bound) is shown in the dialog.
 */
export function BindDialog({ nid, device, onClose }: { nid: number; device: DeviceSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const [realId, setRealId] = useState<number | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const options = useRealDeviceOptionsQuery(nid, device.model);
  const bind = useDeviceBindMutation();
  const submit = () => {
    if (realId === undefined) {
      setRefusal(t('device.bind.required'));
      return;
    }
    setRefusal(null);
    bind.mutate(
      { virtualId: device.id, realId },
      {
        onSuccess: () => {
          toast.success(t('device.bind.done'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error)) setRefusal(error.message);
        },
      },
    );
  };
  const free = (options.data ?? []).filter((real) => real.boundId === null);
  return (
    <Modal
      open
      title={t('device.bind.title', { name: device.name })}
      okText={t('device.actions.bind')}
      cancelText={t('device.actions.cancel')}
      confirmLoading={bind.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      data-testid="device-bind-dialog"
    >
      <Typography.Paragraph type="secondary">{t('device.bind.hint', { model: device.model })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('device.bind.realDevice')} required>
          <Select<number>
            aria-label={t('device.bind.realDevice')}
            value={realId}
            loading={options.isLoading}
            onChange={setRealId}
            notFoundContent={t('device.bind.none')}
            options={free.map((real) => ({ value: real.id, label: `${real.name} · ${formatMac(real.mac)}` }))}
          />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="device-bind-refusal" />}
    </Modal>
  );
}
