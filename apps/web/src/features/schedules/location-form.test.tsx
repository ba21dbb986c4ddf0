import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../test/render-component';
import { LocationForm } from './location-form';

/** Types `search` into the time zone select and chooses the option `zone`. */
async function chooseZone(search: string, zone: string) {
  const input = within(screen.getByTestId('time-zone-select')).getByRole('combobox');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: search } });
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${zone}"]`,
    );
    expect(found).not.toBeNull();
    return found!;
  });
  fireEvent.click(option);
}

describe('network location form', { timeout: 60_000 }, () => {
  it('says before saving that another time zone re-dates the energy history, and only then', async () => {
    await renderComponent(
      <LocationForm nid={6} location={{ latitude: 51.5, longitude: -0.12, timeZone: 'UTC' }} canEdit />,
    );
    expect(screen.queryByTestId('zone-change-note')).toBeNull();
    await chooseZone('Tokyo', 'Asia/Tokyo');
    const note = await screen.findByTestId('zone-change-note');
    expect(note.textContent).toContain('local days and months in Asia/Tokyo');
    expect(note.textContent).toContain('re-dated within about a minute');
    await chooseZone('UTC', 'UTC');
    await waitFor(() => expect(screen.queryByTestId('zone-change-note')).toBeNull());
  });
});
