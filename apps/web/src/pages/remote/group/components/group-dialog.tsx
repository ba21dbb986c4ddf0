import { GROUP_CATEGORIES, type Group, type GroupCategory, type GroupTypeValue } from '@lightwell/domain';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroupMutations } from '../../../../api/group';
import { toast } from '../../../../app/feedback';
import { FormDialog } from '../../../../components/form-dialog';
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
    const done = (key: string) => () => {
      toast.saved(t(key));
      onClose();
    };
    const image = values.image ?? null;
    if (group) {
      const body = { groupId: group.id, name: values.name, category: values.category, image };
      update.mutate(body, { onSuccess: done('group.messages.updated') });
    } else add.mutate({ nid, ...values, image }, { onSuccess: done('group.messages.created') });
  };

  return (
    <FormDialog
      form={form}
      title={group ? t('group.form.editTitle') : t('group.form.createTitle')}
      pending={add.isPending || update.isPending}
      onClose={onClose}
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
    </FormDialog>
  );
}
