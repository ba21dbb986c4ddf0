import { EditOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Which account dialog is open. */
export type AccountDialog = 'name' | 'email' | 'password' | null;

/** The account's name and e-mail address with buttons to change them or the password. */
export function AccountCard({
  name,
  email,
  loading,
  onOpen,
}: {
  name: string;
  email: string;
  loading: boolean;
  onOpen: (dialog: Exclude<AccountDialog, null>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.account.title')} loading={loading}>
      <Descriptions
        className="lw-account"
        column={1}
        items={[
          { key: 'name', label: t('account.fields.name'), children: name },
          { key: 'email', label: t('account.fields.email'), children: email },
        ]}
      />
      <Space wrap>
        <Button icon={<EditOutlined />} onClick={() => onOpen('name')}>
          {t('settings.account.changeName')}
        </Button>
        <Button icon={<MailOutlined />} onClick={() => onOpen('email')}>
          {t('settings.account.changeEmail')}
        </Button>
        <Button icon={<LockOutlined />} onClick={() => onOpen('password')}>
          {t('settings.account.changePassword')}
        </Button>
      </Space>
    </Card>
  );
}
