import { UploadOutlined } from '@ant-design/icons';
import { DEVICE_KINDS, type DeviceKind, type Product } from '@lightwell/domain';
import { Button, Drawer, Form, Input, InputNumber, Modal, Select, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useProductAddMutation,
  useProductIconUploadMutation,
  useProductsQuery,
  useSubVersionsQuery,
} from '../../../../api/device';
import { toast } from '../../../../app/feedback';
import { TABLE_SCROLL } from '../../../../components/table-columns';
import { fileToBase64, iconFileRefusal, imageSize } from '../../../../features/devices/icon-file';
import { ProductIcon } from '../../../../features/devices/product-icon';
import { useTablePagination } from '../../../../hooks/use-table-pagination';

/** Hardware sub-versions of one product with their element count. */
function SubVersions({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const subs = useSubVersionsQuery(productId);
  return (
    <Table
      scroll={TABLE_SCROLL}
      size="small"
      rowKey="id"
      loading={subs.isLoading}
      pagination={false}
      dataSource={subs.data ?? []}
      locale={{ emptyText: t('device.catalogue.noSubVersions') }}
      columns={[
        { title: t('device.fields.hardwareVersion'), dataIndex: 'hardwareVersion' },
        {
          title: t('device.catalogue.elements'),
          key: 'elements',
          render: (_, sub) => sub.config.elements.length,
        },
      ]}
    />
  );
}

/** Uploads a 32×32 icon for a product the user added; checked here and again by the server (1066). */
function IconUpload({ product }: { product: Product }) {
  const { t } = useTranslation();
  const upload = useProductIconUploadMutation();
  const choose = async (file: File) => {
    const size = await imageSize(file);
    const refusal = iconFileRefusal(file.type, size?.width ?? 0, size?.height ?? 0);
    if (refusal) {
      toast.error(t(refusal === 'type' ? 'device.catalogue.iconType' : 'device.catalogue.iconSize'));
      return;
    }
    upload.mutate(
      { productId: product.id, image: await fileToBase64(file) },
      { onSuccess: () => toast.success(t('device.catalogue.iconDone')) },
    );
  };
  return (
    <Upload
      accept="image/png,image/jpeg,image/bmp"
      showUploadList={false}
      beforeUpload={(file) => {
        void choose(file);
        return false;
      }}
    >
      <Button size="small" icon={<UploadOutlined />} loading={upload.isPending}>
        {t('device.catalogue.uploadIcon')}
      </Button>
    </Upload>
  );
}

interface ProductValues {
  model: string;
  name: string;
  kind: DeviceKind;
  manufacturer?: string;
  ratedPower?: number | null;
}

/** Adds a product to the catalogue (every signed-in user; the model is unique, 1016). */
function AddProductDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProductValues>();
  const add = useProductAddMutation();
  const handleFinish = (values: ProductValues) =>
    add.mutate(
      {
        model: values.model.trim(),
        name: values.name.trim(),
        kind: values.kind,
        manufacturer: values.manufacturer?.trim() || undefined,
        ratedPower: values.ratedPower ?? null,
      },
      {
        onSuccess: () => {
          toast.success(t('device.catalogue.added'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={t('device.catalogue.addTitle')}
      okText={t('device.add.submit')}
      cancelText={t('device.actions.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'luminaire' }} onFinish={handleFinish}>
        <Form.Item
          name="model"
          label={t('device.fields.model')}
          rules={[{ required: true, whitespace: true, message: t('device.add.modelRequired') }, { max: 64 }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('device.fields.productName')}
          rules={[{ required: true, whitespace: true, message: t('device.add.nameRequired') }, { max: 64 }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="kind" label={t('device.fields.kind')}>
          <Select options={DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`device.kind.${kind}`) }))} />
        </Form.Item>
        <Form.Item name="manufacturer" label={t('device.fields.manufacturer')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="ratedPower" label={t('device.catalogue.ratedPowerW')}>
          <InputNumber min={0} max={100_000} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The product catalogue: icons, kinds, sub-versions; add a product and upload icons for one's own. */
export function CatalogueDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const products = useProductsQuery();
  const [adding, setAdding] = useState(false);
  const pagination = useTablePagination();
  return (
    <Drawer
      open
      size={760}
      title={t('device.catalogue.title')}
      onClose={onClose}
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          {t('device.catalogue.add')}
        </Button>
      }
    >
      <Table<Product>
        scroll={TABLE_SCROLL}
        rowKey="id"
        size="small"
        loading={products.isLoading}
        dataSource={products.data ?? []}
        pagination={pagination}
        expandable={{ expandedRowRender: (product) => <SubVersions productId={product.id} /> }}
        columns={[
          {
            title: t('device.columns.icon'),
            key: 'icon',
            width: 56,
            render: (_, p) => <ProductIcon productId={p.id} icon={p.icon} kind={p.kind} label={p.name} />,
          },
          { title: t('device.columns.model'), dataIndex: 'model' },
          { title: t('device.fields.productName'), dataIndex: 'name' },
          { title: t('device.columns.kind'), key: 'kind', render: (_, p) => t(`device.kind.${p.kind}`) },
          {
            title: t('device.catalogue.owner'),
            key: 'owner',
            render: (_, p) =>
              p.isSystem ? (
                <Tag>{t('device.catalogue.system')}</Tag>
              ) : (
                <Tag color="blue">{t('device.catalogue.custom')}</Tag>
              ),
          },
          {
            title: t('device.columns.actions'),
            key: 'actions',
            render: (_, p) => (p.editable ? <IconUpload product={p} /> : null),
          },
        ]}
      />
      {adding && <AddProductDialog onClose={() => setAdding(false)} />}
    </Drawer>
  );
}
