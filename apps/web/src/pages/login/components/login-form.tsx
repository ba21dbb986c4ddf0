import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon, type PlainIconName } from '../../../components/plain-icon';
import type { LoginField, useLoginForm } from '../use-login';

type LoginForm = ReturnType<typeof useLoginForm>;

/**
 * One labelled field as antd's vertical form draws it: the label above, the input with its icon, and
 * the message below, tied to the input for assistive technology.
 */
function Field({
  form,
  field,
  label,
  icon,
  children,
}: {
  form: LoginForm;
  field: LoginField;
  label: string;
  icon: PlainIconName;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const error = form.errors[field];
  return (
    <div className={error ? 'lw-field lw-field--error' : 'lw-field'}>
      <label className="lw-field__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <span className="lw-field__box">
        <span className="lw-field__prefix">
          <PlainIcon name={icon} />
        </span>
        {children({
          id: `${id}-input`,
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
      </span>
      {error && (
        <div id={`${id}-error`} className="lw-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * E-mail and password fields with the sign-in button. Plain markup drawn like antd's form, input and
 * button: the sign-in page is the first page of most visits and loads no antd code.
 */
export function LoginForm({ form, pending }: { form: LoginForm; pending: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <form
      className="lw-login-form"
      name="login"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Field form={form} field="email" label={t('account.fields.email')} icon="MailOutlined">
        {(props) => (
          <input
            {...props}
            className="lw-field__input"
            type="email"
            autoComplete="username"
            // biome-ignore lint/a11y/noAutofocus: the sign-in page has one task, typing the e-mail address
            autoFocus
            value={form.values.email}
            onChange={(event) => form.change('email', event.target.value)}
          />
        )}
      </Field>
      <Field form={form} field="password" label={t('account.fields.password')} icon="LockOutlined">
        {(props) => (
          <>
            <input
              {...props}
              className="lw-field__input"
              type={shown ? 'text' : 'password'}
              autoComplete="current-password"
              value={form.values.password}
              onChange={(event) => form.change('password', event.target.value)}
            />
            <button
              type="button"
              className="lw-field__suffix"
              aria-label={t(shown ? 'account.login.hidePassword' : 'account.login.showPassword')}
              aria-pressed={shown}
              onClick={() => setShown((value) => !value)}
            >
              <PlainIcon name={shown ? 'EyeOutlined' : 'EyeInvisibleOutlined'} />
            </button>
          </>
        )}
      </Field>
      <button type="submit" className="lw-primary-button" aria-busy={pending} disabled={pending}>
        {pending && <span className="lw-spinner lw-spinner--small" aria-hidden="true" />}
        <span>{t('account.login.submit')}</span>
      </button>
    </form>
  );
}
