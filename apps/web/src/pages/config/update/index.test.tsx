import { defaultProfileSettings, type Profile } from '@lightwell/domain';
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { profileKeys } from '../../../api/profile';
import { i18n } from '../../../i18n';
import { testUser } from '../../../test/render-app';
import { renderComponent } from '../../../test/render-component';
import { UpdateProfilePage } from '.';

const profile: Profile = {
  id: 5,
  name: 'Lager',
  isSystem: false,
  isPublic: false,
  mine: true,
  creatorName: 'Ada Lovelace',
  nid: null,
  zoneCount: 0,
  networkCount: 0,
  updatedAt: 0,
  settings: defaultProfileSettings(),
};

describe('update profile page', { timeout: 60_000 }, () => {
  it('titles the page through the catalogue, punctuated as the language writes it', async () => {
    await renderComponent(
      <MemoryRouter initialEntries={['/config/update?id=5']}>
        <UpdateProfilePage />
      </MemoryRouter>,
      { seed: (client) => client.setQueryData(profileKeys.one(testUser.uid, 5), profile) },
    );
    expect(screen.getByText('Edit configuration: Lager')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByText('编辑配置：Lager')).toBeTruthy();
  });
});
