import { type CallInput, type DeviceDetail, formatMac, isValidMac } from '@lightwell/domain';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceUpdateMutation } from '../../../../api/device';
import { toast } from '../../../../app/feedback';

interface EditValues {
  name: string;
  mac: string;
  serialNumber: string;
  manufacturer: string;
  supplier: string;
  /** `yyyy-mm-dd` from the date input, or empty. */
  installedOn: string;
  ratedPower: number | null;
  batteryType: string;
}

type Changes = CallInput<'deviceUpdate'>['changes'];

const isoDay = (seconds: number | null) =>
  seconds === null ? '' : new Date(seconds * 1000).toISOString().slice(0, 10);

/** The fields that differ from the device, as a `deviceUpdate` change (dates at 00:00 UTC). */
export function changesOf(device: DeviceDetail, values: EditValues): Changes {
  const changes: Record<string, unknown> = {};
  const text = (key: 'name' | 'serialNumber' | 'manufacturer' | 'supplier' | 'batteryType') => {
    const value = values[key].trim();
    if (value !== device[key]) changes[key] = value;
  };
  text('name');
  text('serialNumber');
  text('manufacturer');
  text('supplier');
  text('batteryType');
  if (device.isVirtual && formatMac(values.mac) !== formatMac(device.mac)) changes.mac = values.mac.trim();
  if (values.installedOn !== isoDay(device.installedAt)) {
    changes.installedAt = values.installedOn ? Math.floor(Date.parse(`${values.installedOn}T00:00:00Z`) / 1000) : null;
  }
  if ((values.ratedPower ?? null) !== device.ratedPower) changes.ratedPower = values.ratedPower ?? null;
  return changes as Changes;
}

/** Changes a device's own fields (section 3); the MAC of a virtual device only (required, hexadecimal). */
export function EditDeviceDialog({ device, onClose }: { device: DeviceDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const update = useDeviceUpdateMutation();
  const handleFinish = (values: EditValues) => {
    const changes = changesOf(device, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { deviceId: device.id, changes },
      {
        onSuccess: () => {
          toast.saved(t('device.edit.done'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t('device.edit.title', { name: device.name })}
      okText={t('device.edit.submit')}
      cancelText={t('device.actions.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{
          name: device.name,
          mac: formatMac(device.mac),
          serialNumber: device.serialNumber,
          manufacturer: device.manufacturer,
          supplier: device.supplier,
          installedOn: isoDay(device.installedAt),
          ratedPower: device.ratedPower,
          batteryType: device.batteryType,
        }}
      >
        <Form.Item
          name="name"
          label={t('device.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('device.add.nameRequired') }, { max: 64 }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="mac"
          label={t('device.fields.mac')}
          extra={device.isVirtual ? undefined : t('device.edit.macFromGateway')}
          rules={[
            { required: true, whitespace: true, message: t('device.add.macRequired') },
            {
              validator: async (_, value: string | undefined) => {
                if (value && !isValidMac(value)) throw new Error(t('device.add.macHex'));
              },
            },
          ]}
        >
          <Input disabled={!device.isVirtual} />
        </Form.Item>
        <Form.Item name="serialNumber" label={t('device.fields.serialNumber')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="manufacturer" label={t('device.fields.manufacturer')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="supplier" label={t('device.fields.supplier')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="installedOn" label={t('device.fields.installedAt')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="ratedPower" label={t('device.catalogue.ratedPowerW')}>
          <InputNumber min={0} max={100_000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="batteryType" label={t('device.fields.batteryType')}>
          <Input maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
