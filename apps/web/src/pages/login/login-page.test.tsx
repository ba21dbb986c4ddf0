import { Code } from '@lightwell/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { fakeApi } from '../../test/render-component';

async function signInWith(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** The form field (label, input and its message) that holds an element. */
const formItemOf = (element: HTMLElement) => element.closest('.lw-field');

describe('sign-in refusals are shown by the field they concern (read on a phone too)', { timeout: 60_000 }, () => {
  it('a wrong password: the message under the emptied password field, and no toast over the page', async () => {
    fakeApi({}, { login: Code.wrongPassword });
    await renderApp('/login');
    await signInWith('ada@example.com', 'Not-The-Password-1');
    const message = await screen.findByText('The password is incorrect.');
    const item = formItemOf(message);
    expect(item?.querySelector('input[type="password"]')).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ada@example.com');
    await waitFor(() => expect(screen.getAllByText('The password is incorrect.')).toHaveLength(1));
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('The password is incorrect.');
  });

  it('an unknown account: the message under the emptied e-mail field', async () => {
    fakeApi({}, { login: Code.unknownAccount });
    await renderApp('/login');
    await signInWith('nobody@example.com', 'Whatever-Pass-1');
    const message = await screen.findByText('This user does not exist.');
    expect(formItemOf(message)?.querySelector('input[type="email"]')).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
  });
});

describe('the sign-in form checks its fields before sending', { timeout: 60_000 }, () => {
  it('an empty submit names both missing fields, tied to their inputs', async () => {
    fakeApi({}, { login: Code.wrongPassword });
    await renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter your e-mail address.',
    );
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    // The message goes as soon as the field is filled in correctly.
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('false'));
  });
});
