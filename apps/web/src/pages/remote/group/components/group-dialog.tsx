import { GROUP_CATEGORIES, type Group, type GroupCategory, type GroupTypeValue } from '@lightwell/domain';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroupMutations } from '../../../../api/group';
import { toast } from '../../../../app/feedback';
import { PictureField } from '../../components/picture-field';

interface GroupValues {
  name: string;
  image: string | null;
  type: GroupTypeValue;
  category: GroupCategory;
}

/** Dialog to create a group of network `nid` (type, name, category) or to edit one (its type stays). */
export function GroupDialog({ nid, group, onClose }: { nid: number; group?: Group; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupValues>();
  const { add, update } = useGroupMutations();

  const handleSubmit = (values: GroupValues) => {
    if (group) {
      update.mutate(
        { groupId: group.id, name: values.name, category: values.category, image: values.image ?? null },
        {
          onSuccess: () => {
            toast.saved(t('group.messages.updated'));
            onClose();
          },
        },
      );
      return;
    }
    add.mutate(
      { nid, ...values, image: values.image ?? null },
      {
        onSuccess: () => {
          toast.saved(t('group.messages.created'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={group ? t('group.form.editTitle') : t('group.form.createTitle')}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={add.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="group-form"
        initialValues={group ?? { type: 1, category: 'other' }}
        onFinish={handleSubmit}
      >
        <Form.Item
          name="name"
          label={t('group.form.name')}
          rules={[{ required: true, whitespace: true, message: t('group.form.nameRequired') }, { max: 64 }]}
        >
          <Input maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item name="type" label={t('group.form.type')}>
          <Radio.Group
            disabled={Boolean(group)}
            options={[1, 2].map((type) => ({ value: type, label: t(`group.types.${type}`) }))}
          />
        </Form.Item>
        <Form.Item name="image" label={t('group.picture.label')}>
          <PictureField nid={nid} />
        </Form.Item>
        <Form.Item name="category" label={t('group.form.category')}>
          <Select
            virtual={false}
            options={GROUP_CATEGORIES.map((category) => ({
              value: category,
              label: t(`group.categories.${category}`),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
