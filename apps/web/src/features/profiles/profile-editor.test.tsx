import { defaultProfileSettings } from '@lightwell/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { i18n } from '../../i18n';
import { markCatalogueFormats } from '../../test/render-component';
import { ProfileEditor } from './profile-editor';

const initial = {
  name: 'Office default',
  isPublic: true,
  settings: { ...defaultProfileSettings(), timers: { ...defaultProfileSettings().timers, fadeOn: 116 } },
};

const renderEditor = (props: Partial<Parameters<typeof ProfileEditor>[0]> = {}) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ProfileEditor initial={initial} {...props} />
    </AppProviders>,
  );

describe('profile editor (3-2-1, 3-2-2)', () => {
  it('shows a system or foreign profile read-only: no save, every field disabled', async () => {
    await i18n.changeLanguage('en');
    renderEditor({ readOnly: true });
    expect(screen.getByTestId('profile-read-only')).toBeTruthy();
    expect(screen.queryByTestId('profile-save')).toBeNull();
    expect((screen.getByTestId('profile-name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Fade on') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('timer-display-fadeOn').textContent).toBe('60s');
  });

  it('saves the settings with the raw timer values the fields hold', async () => {
    await i18n.changeLanguage('en');
    const onSave = vi.fn();
    renderEditor({ onSave });
    fireEvent.change(screen.getByLabelText('Fade off'), { target: { value: '620' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0]![0];
    expect(saved.name).toBe('Office default');
    expect(saved.settings.timers).toEqual({ ...initial.settings.timers, fadeOff: 174 });
    expect(saved.settings.sensor.hfRange).toBe(0);
  });

  it('shows the detection ranges through the unit catalogue', async () => {
    await i18n.changeLanguage('en');
    const restore = markCatalogueFormats();
    try {
      renderEditor();
      expect(screen.getByTestId('profile-hf-range').textContent).toMatch(/^⟦\d+ %⟧$/);
    } finally {
      restore();
    }
  });
});
