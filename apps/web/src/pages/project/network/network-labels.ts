import { formatPrice, NETWORK_CATEGORIES, UserType } from '@lightwell/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** i18n key of a network category (section 3), or undefined for a category this client does not know. */
export function categoryKey(category: string): string | undefined {
  return (NETWORK_CATEGORIES as readonly string[]).includes(category) ? `network.categories.${category}` : undefined;
}

const ROLE_KEYS: Readonly<Record<number, string>> = {
  [UserType.installer]: 'network.roles.installer',
  [UserType.owner]: 'network.roles.owner',
  [UserType.subUser]: 'network.roles.subUser',
};

/** i18n key of a network user type (section 3: 1 installer, 2 owner, 3 sub-user). */
export function roleKey(userType: number): string | undefined {
  return ROLE_KEYS[userType];
}

/** Actions the server writes to a network's audit trail (others show under their own name). */
const AUDIT_ACTIONS = [
  'network.create',
  'network.update',
  'network.delete',
  'network.leave',
  'network.move',
  'network.restore',
  'network.transfer',
  'member.remove',
  'share.create',
  'share.accept',
  'share.revoke',
  'network.image',
  'network.image.delete',
  'backup.create',
  'backup.restore',
  'backup.delete',
  'display.add',
  'display.revoke',
  'tariff.add',
  'tariff.remove',
  'energy.update',
] as const;

/** i18n key of an audit action: `network.update` → `network.audit.actions.network_update`. */
export function auditActionKey(action: string): string {
  return `network.audit.actions.${action.replaceAll('.', '_')}`;
}

/** Every key the functions above can give, for the catalogue test. */
export const NETWORK_LABEL_KEYS: readonly string[] = [
  ...NETWORK_CATEGORIES.map((category) => `network.categories.${category}`),
  ...Object.values(ROLE_KEYS),
  ...AUDIT_ACTIONS.map(auditActionKey),
];

/** Translated labels of a network's category, the user's role and the electricity price. */
export function useNetworkLabels() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      category: (category: string) => {
        const key = categoryKey(category);
        return key ? t(key) : category;
      },
      role: (userType: number) => {
        const key = roleKey(userType);
        return key ? t(key) : '—';
      },
      /** A price stored in hundredths, with two decimals and its currency (sections 3 and 9). */
      price: (stored: number, currency: string) => `${formatPrice(stored)} ${currency}`,
      categoryOptions: NETWORK_CATEGORIES.map((category) => ({
        value: category,
        label: t(`network.categories.${category}`),
      })),
    }),
    [t],
  );
}
