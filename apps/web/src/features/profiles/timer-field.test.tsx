import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { i18n } from '../../i18n';
import { TimerField } from './timer-field';

/** A form holding one timer, showing the raw value the form stores. */
function Harness({ kind, raw }: { kind: 'fadeOn' | 'onDelay' | 't2'; raw: number }) {
  const [form] = Form.useForm();
  const stored = Form.useWatch(kind, form);
  return (
    <Form form={form} initialValues={{ [kind]: raw }}>
      <Form.Item name={kind} label={kind}>
        <TimerField kind={kind} />
      </Form.Item>
      <output data-testid="stored">{String(stored)}</output>
    </Form>
  );
}

const renderTimer = (kind: 'fadeOn' | 'onDelay' | 't2', raw: number) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness kind={kind} raw={raw} />
    </AppProviders>,
  );

describe('process timer editor (section 4 display)', () => {
  it('shows raw 116 on fade on as 60s, with the amount in seconds', async () => {
    await i18n.changeLanguage('en');
    renderTimer('fadeOn', 116);
    expect(screen.getByTestId('timer-display-fadeOn').textContent).toBe('60s');
    expect(screen.getByTestId('timer-raw-fadeOn').textContent).toBe('raw 116');
    expect((screen.getByLabelText('Fade on') as HTMLInputElement).value).toBe('60');
  });

  it('shows raw 116 on the on delay as 1min0s', async () => {
    await i18n.changeLanguage('en');
    renderTimer('onDelay', 116);
    expect(screen.getByTestId('timer-display-onDelay').textContent).toBe('1min0s');
  });

  it('stores the nearest encodable raw value of a typed duration and shows its decoded display', async () => {
    await i18n.changeLanguage('en');
    renderTimer('t2', 0);
    const input = screen.getByLabelText('T2 (stand-by)') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '65' } });
    // 65 s lies between 62 s (raw 118) and 70 s (raw 119): 62 s is nearer.
    expect(await screen.findByText('raw 118')).toBeTruthy();
    expect(screen.getByTestId('timer-display-t2').textContent).toBe('1min2s');
    await waitFor(() => expect(screen.getByTestId('stored').textContent).toBe('118'));
    expect(input.value).toBe('65');
    fireEvent.blur(input);
    expect(input.value).toBe('62');
  });

  it('shows 1h and longer in the NhNmin style', async () => {
    await i18n.changeLanguage('en');
    renderTimer('t2', 180);
    expect(screen.getByTestId('timer-display-t2').textContent).toBe('1h10min');
    expect((screen.getByLabelText('T2 (stand-by)') as HTMLInputElement).value).toBe('70');
  });
});
