import { REPORT_SETUP_LIMITS, type ReportSetup, type ReportSetupFields } from '@lightwell/domain';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '../../../../hooks/use-form-rules';

const FIELDS = [
  ['companyTitle', REPORT_SETUP_LIMITS.companyTitle],
  ['signatoryName', REPORT_SETUP_LIMITS.name],
  ['signatoryRole', REPORT_SETUP_LIMITS.name],
  ['contactName', REPORT_SETUP_LIMITS.name],
  ['contactPhone', REPORT_SETUP_LIMITS.phone],
  ['contactEmail', REPORT_SETUP_LIMITS.name * 4],
  ['address', REPORT_SETUP_LIMITS.address],
] as const;

/** Fields that take the form's whole width; the others go two to a row. */
const WIDE = new Set<string>(['companyTitle', 'address']);

/** The header's text fields: company title, signatory and contact; read-only for sub-users. */
export function HeaderForm({
  setup,
  saving,
  onSave,
}: {
  setup: ReportSetup;
  saving: boolean;
  onSave: (fields: ReportSetupFields) => void;
}) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const emailRule = rules.email.slice(1);
  return (
    <Card title={t('settings.header.fields.title')} data-testid="header-form">
      <Form<ReportSetupFields>
        key={`${setup.pid}-${setup.updatedAt ?? 0}`}
        layout="vertical"
        disabled={!setup.canEdit}
        initialValues={setup}
        onFinish={(values) => onSave({ ...values, contactEmail: values.contactEmail?.trim() ?? '' })}
        style={{ maxWidth: 960 }}
      >
        <Row gutter={16}>
          {FIELDS.map(([name, max]) => (
            <Col key={name} xs={24} lg={WIDE.has(name) ? 24 : 12}>
              <Form.Item
                name={name}
                label={t(`settings.header.fields.${name}`)}
                rules={[
                  { max, message: t('settings.header.fields.tooLong', { max }) },
                  ...(name === 'contactEmail' ? emailRule : []),
                  ...(name === 'contactPhone'
                    ? [{ pattern: /^[0-9+()\-. /]*$/, message: t('settings.header.fields.phoneRule') }]
                    : []),
                ]}
              >
                <Input data-testid={`header-${name}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {setup.canEdit && (
          <Button type="primary" htmlType="submit" loading={saving} data-testid="header-save">
            {t('settings.header.fields.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
