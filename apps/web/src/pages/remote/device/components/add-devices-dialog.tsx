import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Code,
  DEVICE_ADD_MAX,
  DEVICE_KINDS,
  type DeviceKind,
  isValidMac,
  mayAddRow,
  normaliseMac,
  rowRemovalRefusal,
} from '@lightwell/domain';
import { Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceAddMutation, useProductsQuery } from '../../../../api/device';
import { isApiError } from '../../../../api/errors';
import { toast } from '../../../../app/feedback';

/** One row of the add form. */
interface AddRow {
  kind: DeviceKind;
  model?: string;
  name?: string;
  mac?: string;
}

interface AddValues {
  devices: AddRow[];
}

const NEW_ROW: AddRow = { kind: 'luminaire' };

/**
 * Adds up to 10 virtual devices at once (section 5): each row a kind, a catalogue model of that kind,
 * a name and a required hexadecimal MAC unique in the list and the network (1082 marks the rows).
 * Removing the only row warns (loc926); the first row cannot be removed (loc927).
 */
export function AddDevicesDialog({ nid, onClose }: { nid: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const products = useProductsQuery();
  const add = useDeviceAddMutation();

  const markTaken = (macs: string[]) => {
    const rows = form.getFieldValue('devices') as AddRow[];
    form.setFields(
      rows.flatMap((row, index) =>
        row.mac && macs.includes(normaliseMac(row.mac))
          ? [{ name: ['devices', index, 'mac'], errors: [t('device.add.macTaken')] }]
          : [],
      ),
    );
  };

  const handleFinish = (values: AddValues) =>
    add.mutate(
      {
        nid,
        devices: values.devices.map((row) => ({
          kind: row.kind,
          model: row.model ?? '',
          name: (row.name ?? '').trim(),
          mac: row.mac ?? '',
        })),
      },
      {
        onSuccess: (added) => {
          toast.success(t('device.add.done', { n: added.length }));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, Code.macTaken)) {
            const macs = (error.data as { macs?: string[] } | null)?.macs ?? [];
            markTaken(macs);
            toast.error(error.message);
          }
        },
      },
    );

  const macRules = (index: number) => [
    { required: true, whitespace: true, message: t('device.add.macRequired') },
    {
      validator: async (_: unknown, value: string | undefined) => {
        if (!value || isValidMac(value)) return;
        throw new Error(t('device.add.macHex'));
      },
    },
    {
      validator: async (_: unknown, value: string | undefined) => {
        if (!value || !isValidMac(value)) return;
        const rows = (form.getFieldValue('devices') as AddRow[]) ?? [];
        const twice = rows.some(
          (row, other) => other !== index && row.mac && normaliseMac(row.mac) === normaliseMac(value),
        );
        if (twice) throw new Error(t('device.add.macDuplicate'));
      },
    },
  ];

  return (
    <Modal
      open
      width={920}
      title={t('device.add.title')}
      okText={t('device.add.submit')}
      cancelText={t('device.actions.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="device-add-dialog"
    >
      <Typography.Paragraph type="secondary">{t('device.add.hint', { max: DEVICE_ADD_MAX })}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ devices: [NEW_ROW] }} onFinish={handleFinish}>
        <Form.List name="devices">
          {(fields, { add: addRow, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap data-testid={`device-row-${index}`}>
                  <Form.Item name={[field.name, 'kind']} label={index === 0 ? t('device.fields.kind') : undefined}>
                    <Select<DeviceKind>
                      aria-label={t('device.fields.kind')}
                      style={{ width: 160 }}
                      options={DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`device.kind.${kind}`) }))}
                      onChange={() => form.setFieldValue(['devices', field.name, 'model'], undefined)}
                    />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const kind = form.getFieldValue(['devices', field.name, 'kind']) as DeviceKind | undefined;
                      const models = (products.data ?? []).filter((p) => p.kind === kind);
                      return (
                        <Form.Item
                          name={[field.name, 'model']}
                          label={index === 0 ? t('device.fields.model') : undefined}
                          rules={[{ required: true, message: t('device.add.modelRequired') }]}
                        >
                          <Select<string>
                            aria-label={t('device.fields.model')}
                            style={{ width: 200 }}
                            loading={products.isLoading}
                            placeholder={t('device.add.modelPlaceholder')}
                            notFoundContent={t('device.add.noProducts')}
                            options={models.map((p) => ({ value: p.model, label: `${p.model} · ${p.name}` }))}
                          />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={index === 0 ? t('device.fields.name') : undefined}
                    rules={[
                      { required: true, whitespace: true, message: t('device.add.nameRequired') },
                      { max: 64, message: t('device.add.nameLength', { max: 64 }) },
                    ]}
                  >
                    <Input aria-label={t('device.fields.name')} maxLength={64} style={{ width: 180 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'mac']}
                    label={index === 0 ? t('device.fields.mac') : undefined}
                    rules={macRules(index)}
                    validateFirst
                  >
                    <Input
                      aria-label={t('device.fields.mac')}
                      placeholder={t('device.add.macPlaceholder')}
                      style={{ width: 180 }}
                    />
                  </Form.Item>
                  <Form.Item label={index === 0 ? ' ' : undefined}>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('device.add.removeRow')}
                      data-testid={`device-row-remove-${index}`}
                      onClick={() => {
                        const refusal = rowRemovalRefusal(index, fields.length);
                        if (refusal === 'loc926') toast.warning(t('device.add.loc926'));
                        else if (refusal === 'loc927') toast.error(t('device.add.loc927'));
                        else remove(field.name);
                      }}
                    />
                  </Form.Item>
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                data-testid="device-row-add"
                disabled={!mayAddRow(fields.length)}
                onClick={() => {
                  const rows = (form.getFieldValue('devices') as AddRow[]) ?? [];
                  addRow({ kind: rows[rows.length - 1]?.kind ?? NEW_ROW.kind });
                }}
              >
                {t('device.add.addRow', { n: fields.length, max: DEVICE_ADD_MAX })}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
