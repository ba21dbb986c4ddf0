import { LANGUAGES, NETWORK_CATEGORIES, UserType } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { categoryKey, NETWORK_LABEL_KEYS, roleKey } from './network-labels';

describe('network labels (sections 3 and 6)', () => {
  it('names every category, user type and audit action in all four languages', () => {
    for (const language of LANGUAGES) {
      for (const key of NETWORK_LABEL_KEYS)
        expect(i18n.exists(key, { lng: language }), `${language} ${key}`).toBe(true);
    }
  });

  it('maps user types 1, 2, 3 to installer, owner, sub-user and leaves unknown values unnamed', () => {
    expect([UserType.installer, UserType.owner, UserType.subUser].map(roleKey)).toEqual([
      'network.roles.installer',
      'network.roles.owner',
      'network.roles.subUser',
    ]);
    expect(roleKey(0)).toBeUndefined();
    expect(NETWORK_CATEGORIES.map(categoryKey).every(Boolean)).toBe(true);
    expect(categoryKey('spaceship')).toBeUndefined();
  });
});
