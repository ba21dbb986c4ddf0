import { UserOutlined } from '@ant-design/icons';
import { Limits } from '@lightwell/domain';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useFormRules } from '../../../hooks/use-form-rules';

/** Fields of the second registration step besides the code: user name, password and its confirmation. */
export function DetailsFields() {
  const { t } = useTranslation();
  const rules = useFormRules();
  return (
    <>
      <Form.Item name="name" label={t('account.fields.name')} rules={rules.name}>
        <Input prefix={<UserOutlined />} maxLength={Limits.nameMax} autoComplete="nickname" />
      </Form.Item>
      <NewPasswordFields label={t('account.fields.password')} />
      <Typography.Paragraph type="secondary" className="lw-agreement">
        {t('account.register.agree')} <Link to="/userAgreement">{t('pages.userAgreement')}</Link>
      </Typography.Paragraph>
    </>
  );
}
