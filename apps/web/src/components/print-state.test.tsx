import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../test/render-component';
import { PrintState } from './print-state';

describe('the state of a print page before its printout', () => {
  it('tells a bad link with what to do, under the test id asked for', async () => {
    await renderComponent(<PrintState kind="badLink" title="Needs a project." hint="Open it from 2-9." testId="bad" />);
    const state = screen.getByTestId('bad');
    expect(state.matches('.ant-result-warning')).toBe(true);
    expect(state.textContent).toBe('Needs a project.Open it from 2-9.');
  });

  it('tells a failure by its message', async () => {
    await renderComponent(<PrintState kind="error" message="The server is busy." />);
    expect(document.querySelector('.ant-result-error .ant-result-title')?.textContent).toBe('The server is busy.');
  });

  it('shows a spinner while loading', async () => {
    await renderComponent(<PrintState kind="loading" />);
    expect(document.querySelector('.lw-page-spin')).not.toBeNull();
    expect(document.querySelector('.ant-result')).toBeNull();
  });
});
