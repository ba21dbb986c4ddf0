import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../test/render-component';
import { LazySelect } from './lazy-select';

const options = [
  { value: 1, label: 'Hall' },
  { value: 2, label: 'Office' },
];

describe('lazy select', { timeout: 60_000 }, () => {
  it('shows the chosen option, or the placeholder, under its label before antd is loaded', async () => {
    const onChange = vi.fn();
    await renderComponent(
      <>
        <LazySelect aria-label="Gateway" value={2} onChange={onChange} options={options} data-testid="chosen" />
        <LazySelect aria-label="Group" placeholder="Pick a group" value={null} onChange={onChange} options={options} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Gateway' }).textContent).toBe('Office');
    expect(screen.getByTestId('chosen').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('combobox', { name: 'Group' }).textContent).toBe('Pick a group');
    expect(document.querySelector('.ant-select')).toBeNull();
  });

  it('opens antd Select once clicked, and reports the option picked', async () => {
    const onChange = vi.fn();
    await renderComponent(
      <LazySelect
        aria-label="Group"
        placeholder="Pick a group"
        onChange={onChange}
        options={options}
        data-testid="pick"
      />,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Group' }));
    const option = await screen.findByText('Hall', { selector: '.ant-select-item-option-content' });
    expect(screen.getByTestId('pick').classList.contains('ant-select')).toBe(true);
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('opens on the press alone: antd arriving before the release (so no click follows) still shows the list', async () => {
    // A copy of the module whose antd Select is not loaded yet (the test before loaded this file's).
    vi.resetModules();
    const { LazySelect: Unloaded } = await import('./lazy-select');
    await renderComponent(
      <Unloaded aria-label="Zone" placeholder="Pick a zone" onChange={vi.fn()} options={options} data-testid="zone" />,
    );
    const drawn = screen.getByRole('combobox', { name: 'Zone' });
    expect(drawn.classList.contains('lw-select')).toBe(true);
    fireEvent.mouseDown(drawn);
    fireEvent.focus(drawn);
    expect(await screen.findByText('Office', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(screen.getByTestId('zone').classList.contains('ant-select-open')).toBe(true);
  });
});
