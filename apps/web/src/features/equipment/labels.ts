import type { AgeBucket, BatteryState, EquipmentKind, LastTestGrade } from '@lightwell/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Names of the statistics' categories in the user's language, as the exports name them. */
export interface EquipmentLabels {
  kind: (kind: EquipmentKind) => string;
  grade: (grade: LastTestGrade) => string;
  version: (version: string | null) => string;
  age: (bucket: AgeBucket) => string;
  battery: (state: BatteryState) => string;
  /** A count of devices with its unit ("12 devices"). */
  devices: (count: number) => string;
  /** A count of emergency fittings with its unit. */
  fittings: (count: number) => string;
}

/** The labels of device kinds, test grades, versions, age buckets, battery states and counts. */
export function useEquipmentLabels(): EquipmentLabels {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      kind: (kind) => (kind === 'other' ? t('equipment.otherKind') : t(`device.kind.${kind}`)),
      grade: (grade) => (grade === 'never' ? t('equipment.neverTested') : t(`emergencyPages.grades.${grade}`)),
      version: (version) => version ?? t('equipment.unknownVersion'),
      age: (bucket) => t(`equipment.age.${bucket}`),
      battery: (state) => t(`equipment.battery.${state}`),
      devices: (count) => t('equipment.units.devices', { count }),
      fittings: (count) => t('equipment.units.fittings', { count }),
    }),
    [t],
  );
}
