import { formatInstant, localTimeZone } from '@lightwell/domain';
import { useState } from 'react';
import { useUserInfoQuery } from '../../../api/user';
import { useSession } from '../../../stores/session';
import { AccountCard, type AccountDialog } from './components/account-card';
import { EmailDialog } from './components/email-dialog';
import { NameDialog } from './components/name-dialog';
import { PasswordDialog } from './components/password-dialog';
import { SettingsForm } from './components/settings-form';
import { useSettingsForm } from './use-settings-form';

/** User settings (/setting/user, index 9-1): account, name, e-mail and password changes, and preferences. */
export function UserSettingsPage() {
  const info = useUserInfoQuery();
  const name = useSession((state) => state.name);
  const email = useSession((state) => state.email);
  const settings = useSettingsForm();
  const [dialog, setDialog] = useState<AccountDialog>(null);
  const close = () => setDialog(null);

  return (
    <div className="lw-stack">
      <AccountCard name={name} email={email} loading={info.isLoading && !name} onOpen={setDialog} />
      <SettingsForm
        form={settings.form}
        initialValues={settings.initialValues}
        saving={settings.saving}
        formatExample={(timeFormat) =>
          formatInstant(Math.floor(Date.now() / 1000), { timeZone: localTimeZone(), timeFormat })
        }
        onSave={settings.handleSave}
      />
      {/* Mounted only while open, so every dialog starts at its first step. */}
      {dialog === 'name' && <NameDialog open onClose={close} />}
      {dialog === 'email' && <EmailDialog open onClose={close} />}
      {dialog === 'password' && <PasswordDialog open onClose={close} />}
    </div>
  );
}
