import {
  LANGUAGE_LABELS,
  LANGUAGES,
  MAX_PROJECT_RECIPIENTS,
  RECIPIENT_KINDS,
  type Recipient,
  type RecipientInput,
  type RecipientStatus,
} from '@lightwell/domain';
import { Button, Card, Checkbox, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '../../../../hooks/use-form-rules';

const STATUS_COLORS: Record<RecipientStatus, string> = { active: 'green', pending: 'gold', expired: 'red' };
const languageOptions = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_LABELS[language] }));

const asInput = (r: Recipient): RecipientInput => ({ email: r.email, language: r.language, kinds: r.kinds });

/**
 * A project's e-mail recipients: each with its language and the kinds of mail it takes (changed in
 * place), its activation state, resend for pending or expired links, removal, and a form to add one.
 */
export function RecipientCard({
  list,
  loading,
  saving,
  onSave,
  onResend,
}: {
  list: Recipient[];
  loading: boolean;
  saving: boolean;
  onSave: (recipients: RecipientInput[], done: string) => Promise<boolean>;
  onResend: (id: number) => void;
}) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<RecipientInput>();
  const kindOptions = RECIPIENT_KINDS.map((kind) => ({
    value: kind,
    label: t(`settings.header.recipients.kinds.${kind}`),
  }));
  const change = (id: number, patch: Partial<RecipientInput>) =>
    onSave(
      list.map((r) => (r.id === id ? { ...asInput(r), ...patch } : asInput(r))),
      'settings.header.recipients.saved',
    );
  const handleAdd = async (values: RecipientInput) => {
    const added = { ...values, email: values.email.trim().toLowerCase() };
    if (list.some((r) => r.email === added.email)) {
      form.setFields([{ name: 'email', errors: [t('settings.header.recipients.duplicate')] }]);
      return;
    }
    if (await onSave([...list.map(asInput), added], 'settings.header.recipients.added')) form.resetFields();
  };
  return (
    <Card title={t('settings.header.recipients.title')} data-testid="recipient-card">
      <Typography.Paragraph type="secondary">{t('settings.header.recipients.help')}</Typography.Paragraph>
      <Table<Recipient>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={list}
        pagination={false}
        data-testid="recipient-table"
        columns={[
          { title: t('settings.header.recipients.email'), dataIndex: 'email' },
          {
            title: t('settings.header.recipients.language'),
            render: (_, r) => (
              <Select
                value={r.language}
                options={languageOptions}
                disabled={saving}
                style={{ width: 120 }}
                aria-label={t('settings.header.recipients.language')}
                onChange={(language) => void change(r.id, { language })}
              />
            ),
          },
          {
            title: t('settings.header.recipients.kindsTitle'),
            render: (_, r) => (
              <Checkbox.Group
                value={r.kinds}
                options={kindOptions}
                disabled={saving}
                onChange={(kinds) => kinds.length > 0 && void change(r.id, { kinds })}
              />
            ),
          },
          {
            title: t('settings.header.recipients.status'),
            render: (_, r) => (
              <Tag color={STATUS_COLORS[r.status]} data-testid="recipient-status">
                {t(`settings.header.recipients.states.${r.status}`)}
              </Tag>
            ),
          },
          {
            title: t('settings.header.recipients.actions'),
            render: (_, r) => (
              <Space>
                {r.status !== 'active' && (
                  <Button size="small" disabled={saving} onClick={() => onResend(r.id)}>
                    {t('settings.header.recipients.resend')}
                  </Button>
                )}
                <Button
                  size="small"
                  danger
                  disabled={saving}
                  onClick={() =>
                    void onSave(
                      list.filter((other) => other.id !== r.id).map(asInput),
                      'settings.header.recipients.removed',
                    )
                  }
                >
                  {t('settings.header.recipients.remove')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {list.length < MAX_PROJECT_RECIPIENTS && (
        <Form<RecipientInput>
          form={form}
          layout="inline"
          style={{ marginTop: 16, rowGap: 8 }}
          initialValues={{ language: 'en', kinds: ['emergencyFault'] }}
          onFinish={(values) => void handleAdd(values)}
          data-testid="recipient-add"
        >
          <Form.Item name="email" rules={rules.email}>
            <Input placeholder={t('settings.header.recipients.email')} data-testid="recipient-email" />
          </Form.Item>
          <Form.Item name="language">
            <Select
              options={languageOptions}
              style={{ width: 120 }}
              aria-label={t('settings.header.recipients.language')}
            />
          </Form.Item>
          <Form.Item name="kinds" rules={[{ required: true, message: t('settings.header.recipients.kindsRequired') }]}>
            <Checkbox.Group options={kindOptions} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="recipient-add-submit">
            {t('settings.header.recipients.add')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
