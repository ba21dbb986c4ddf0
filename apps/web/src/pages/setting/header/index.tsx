import type { RecipientInput, ReportSetupFields } from '@lightwell/domain';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors';
import {
  useRecipientResendMutation,
  useRecipientUpdateMutation,
  useReportSetupLogoMutation,
  useReportSetupUpdateMutation,
} from '../../../api/report-setup';
import { toast } from '../../../app/feedback';
import { PickerCard } from '../../../components/picker-card';
import { HeaderForm } from './components/header-form';
import { LogoCard } from './components/logo-card';
import { RecipientCard } from './components/recipient-card';
import { useHeaderPage } from './use-header-page';

/**
 * Header settings (/setting/header, 9-3): per project, the company title, the 216×162 logo and the
 * 792×162 wide logo, signatory and contact fields that every printed record shows at its top, and the
 * project's e-mail recipients. Sub-users read the header only; recipients are for editors.
 */
export function HeaderSettingsPage() {
  const { t } = useTranslation();
  const page = useHeaderPage();
  const update = useReportSetupUpdateMutation();
  const logo = useReportSetupLogoMutation();
  const recipients = useRecipientUpdateMutation();
  const resend = useRecipientResendMutation();
  const setup = page.setup.data;

  /** Runs one change and confirms it; a refusal shows its message. Answers whether it was saved. */
  const run = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await work();
      toast.saved(t(done));
      return true;
    } catch (error) {
      if (isApiError(error)) toast.error(error.message);
      return false;
    }
  };
  const pid = page.pid ?? 0;

  return (
    <div className="lw-stack">
      <PickerCard
        label={t('settings.header.project')}
        value={page.pid}
        options={page.projects}
        loading={page.projectsLoading}
        onChange={page.setPid}
        testId="header-project"
      />
      {page.pid === null && !page.projectsLoading && <Empty description={t('settings.header.noProject')} />}
      {page.setup.isLoading && <Spin />}
      {setup && (
        <>
          <HeaderForm
            setup={setup}
            saving={update.isPending}
            onSave={(fields: ReportSetupFields) =>
              void run(() => update.mutateAsync({ pid, ...fields }), 'settings.header.fields.saved')
            }
          />
          {(['logo', 'wideLogo'] as const).map((slot) => (
            <LogoCard
              key={slot}
              slot={slot}
              logo={setup[slot]}
              canEdit={setup.canEdit}
              saving={logo.isPending}
              onRefused={(message) => toast.error(message)}
              onChange={(image) =>
                void run(
                  () => logo.mutateAsync({ pid, slot, image }),
                  image ? 'settings.header.logo.saved' : 'settings.header.logo.removed',
                )
              }
            />
          ))}
          {setup.canEdit && (
            <RecipientCard
              list={page.recipients.data ?? []}
              loading={page.recipients.isLoading}
              saving={recipients.isPending || resend.isPending}
              onSave={(list: RecipientInput[], done: string) =>
                run(() => recipients.mutateAsync({ pid, recipients: list }), done)
              }
              onResend={(id) => void run(() => resend.mutateAsync({ pid, id }), 'settings.header.recipients.resent')}
            />
          )}
        </>
      )}
    </div>
  );
}
