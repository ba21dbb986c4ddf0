import { CURRENCIES, type NetworkSummary, storedToPrice, UserType } from '@lightwell/domain';
import { Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNetworkAddMutation, useNetworkUpdateMutation } from '../../../../../api/network';
import { toast } from '../../../../../app/feedback';
import { FormDialog } from '../../../../../components/form-dialog';
import { useSession } from '../../../../../stores/session';
import { ENTITY_NAME_MAX, useNameRules } from '../../../name-rules';
import { useNetworkLabels } from '../../network-labels';

/** Highest electricity price per kWh the server accepts (domain `NetworkFieldsShape`). */
const PRICE_MAX = 10_000;

/** Values of the network form; the price is in currency units (0.25), stored by the server in hundredths. */
export interface NetworkValues {
  name: string;
  category: string;
  electricityPrice: number;
  currency: (typeof CURRENCIES)[number];
  userType: typeof UserType.installer | typeof UserType.owner;
}

/** Payload of `network/vo/update`: the network serialised under `key` (section 7). */
export function updatePayload(network: Pick<NetworkSummary, 'id' | 'pid'>, values: NetworkValues) {
  const { name, category, electricityPrice, currency } = values;
  return {
    pid: network.pid,
    key: JSON.stringify({
      id: network.id,
      name: name.trim(),
      category,
      electricityPrice: electricityPrice ?? 0,
      currency,
    }),
  };
}

/**
 * Dialog to create a network in project `pid` (with the creator's role: installer or owner), or to
 * edit one. Success closes it on the reloaded list (section 4).
 */
export function NetworkDialog({
  pid,
  network,
  onClose,
}: {
  pid: number;
  network?: NetworkSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rules = useNameRules();
  const labels = useNetworkLabels();
  const [form] = Form.useForm<NetworkValues>();
  const add = useNetworkAddMutation();
  const update = useNetworkUpdateMutation();

  const handleSubmit = (values: NetworkValues) => {
    if (network) {
      update.mutate(updatePayload(network, values), {
        onSuccess: (saved) => {
          const session = useSession.getState();
          if (session.nid === saved.id) session.setNetwork(saved.id, saved.name);
          toast.saved(t('network.messages.updated'));
          onClose();
        },
      });
      return;
    }
    const { name, category, electricityPrice, currency, userType } = values;
    const input = { pid, name: name.trim(), category, electricityPrice: electricityPrice ?? 0, currency, userType };
    add.mutate(input as Parameters<typeof add.mutate>[0], {
      onSuccess: () => {
        toast.saved(t('network.messages.created'));
        onClose();
      },
    });
  };

  const initialValues: Partial<NetworkValues> = network
    ? {
        name: network.name,
        category: network.category,
        electricityPrice: storedToPrice(network.electricityPrice),
        currency: network.currency as NetworkValues['currency'],
      }
    : { category: 'other', electricityPrice: 0, currency: 'EUR', userType: UserType.owner };

  return (
    <FormDialog
      form={form}
      title={network ? t('network.form.editTitle') : t('network.form.createTitle')}
      pending={add.isPending || update.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" name="network-form" initialValues={initialValues} onFinish={handleSubmit}>
        <Form.Item name="name" label={t('network.form.name')} rules={rules.network}>
          <Input maxLength={ENTITY_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="category" label={t('network.form.category')}>
          <Select options={labels.categoryOptions} virtual={false} />
        </Form.Item>
        <Form.Item label={t('network.form.price')} required>
          <Space.Compact block>
            <Form.Item
              name="electricityPrice"
              noStyle
              rules={[{ required: true, message: t('network.form.priceRequired') }]}
            >
              <InputNumber
                min={0}
                max={PRICE_MAX}
                step={0.01}
                precision={2}
                aria-label={t('network.form.price')}
                style={{ flex: 1 }}
              />
            </Form.Item>
            <Form.Item name="currency" noStyle>
              <Select
                aria-label={t('network.form.currency')}
                style={{ width: 110 }}
                virtual={false}
                options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        {!network && (
          <Form.Item name="userType" label={t('network.form.userType')}>
            <Radio.Group
              options={[
                { value: UserType.owner, label: t('network.form.owner') },
                { value: UserType.installer, label: t('network.form.installer') },
              ]}
            />
          </Form.Item>
        )}
      </Form>
    </FormDialog>
  );
}
