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
});
