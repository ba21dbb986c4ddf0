import {
  LANGUAGE_LABELS,
  LANGUAGES,
  type Language,
  RECIPIENT_KINDS,
  type RecipientKind,
  type RecipientPreferences,
} from '@lightwell/domain';
import { Button, Card, Checkbox, Form, Popconfirm, Result, Select, Space, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/errors';
import {
  useRecipientLinkQuery,
  useRecipientLinkSaveMutation,
  useRecipientLinkUnsubscribeMutation,
} from '../../../api/report-cycle';
import { toast } from '../../../app/feedback';

/** The recipient's choice as the form holds it. */
interface Choice {
  language: Language;
  kinds: RecipientKind[];
  csv: boolean;
}

/** The form of a recipient's own settings: language, kinds, CSV; confirm and save, or stop e-mails. */
function PreferencesForm({ link, preferences }: { link: string; preferences: RecipientPreferences }) {
  const { t } = useTranslation();
  const save = useRecipientLinkSaveMutation();
  const unsubscribe = useRecipientLinkUnsubscribeMutation();
  const [choice, setChoice] = useState<Choice>({
    language: preferences.language,
    kinds: preferences.kinds,
    csv: preferences.csv,
  });
  const handleSave = async () => {
    try {
      await save.mutateAsync({ link, ...choice });
      toast.saved(t('reportCycles.register.saved'));
    } catch {
      // The refusal was shown as it came.
    }
  };
  const handleStop = async (all: boolean) => {
    try {
      await unsubscribe.mutateAsync({ link, all });
      toast.saved(t('reportCycles.register.stopped'));
    } catch {
      // The refusal was shown as it came.
    }
  };
  return (
    <Card title={t('reportCycles.register.title')} data-testid="register-form">
      <Typography.Paragraph>
        {t('reportCycles.register.intro', { email: preferences.email, project: preferences.projectName })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('reportCycles.register.language')}>
          <Select
            value={choice.language}
            onChange={(language) => setChoice({ ...choice, language })}
            options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_LABELS[language] }))}
            aria-label={t('reportCycles.register.language')}
            data-testid="register-language"
          />
        </Form.Item>
        <Form.Item label={t('reportCycles.register.kinds')}>
          <Checkbox.Group
            value={choice.kinds}
            onChange={(kinds) => setChoice({ ...choice, kinds: kinds as RecipientKind[] })}
            options={RECIPIENT_KINDS.map((kind) => ({ value: kind, label: t(`reportCycles.kinds.${kind}`) }))}
            data-testid="register-kinds"
          />
        </Form.Item>
        <Form.Item label={t('reportCycles.register.csv')}>
          <Switch
            checked={choice.csv}
            onChange={(csv) => setChoice({ ...choice, csv })}
            aria-label={t('reportCycles.register.csv')}
            data-testid="register-csv"
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" loading={save.isPending} onClick={() => void handleSave()} data-testid="register-save">
            {t('reportCycles.register.save')}
          </Button>
          {preferences.kinds.includes(preferences.linkKind) && (
            <Button onClick={() => void handleStop(false)} data-testid="register-stop-kind">
              {t('reportCycles.register.stopKind', { kind: t(`reportCycles.kinds.${preferences.linkKind}`) })}
            </Button>
          )}
          <Popconfirm
            title={t('reportCycles.register.stopAllConfirm')}
            okText={t('reportCycles.register.stopAll')}
            cancelText={t('common.actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => void handleStop(true)}
          >
            <Button danger data-testid="register-stop-all">
              {t('reportCycles.register.stopAll')}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
    </Card>
  );
}

/**
 * A report recipient's own page (/email/register, public), reached from the signed link of a report e-mail
 * without an account: confirm the address, choose the language and which e-mails to receive (the CSV
 * too), or stop them. The same address is the e-mail's one-click unsubscribe (List-Unsubscribe).
 */
export function EmailRegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const query = useRecipientLinkQuery(link);
  if (link && query.isPending) return <Spin className="lw-page-spin" />;
  const invalid = !link || (query.isError && (isApiError(query.error, 1065) || isApiError(query.error, 1001)));
  if (invalid || !query.data) {
    return (
      <Result
        status="warning"
        title={t('reportCycles.register.invalidTitle')}
        subTitle={t('reportCycles.register.invalidText')}
        data-testid="register-invalid"
      />
    );
  }
  if (query.data.state === 'removed') {
    return (
      <Result
        status="success"
        title={t('reportCycles.register.removedTitle')}
        subTitle={t('reportCycles.register.removedText', { email: query.data.email, project: query.data.projectName })}
        data-testid="register-removed"
      />
    );
  }
  return <PreferencesForm key={link} link={link} preferences={query.data} />;
}
