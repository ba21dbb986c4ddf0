import { FloorPlanDefaults, type Zone } from '@lightwell/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENTITY_NAME_MAX } from '../../../name-rules';
import { EntityPanel } from './entity-panel';
import { ColorField, NumberField } from './style-fields';

/** What the zone panel saves. */
export interface ZoneStyle {
  name: string;
  bgColor: string;
  zoneNameColor: string;
  zoneNameSize: number;
  zoneNameAngle: number;
}

/** Props of {@link ZonePanel}. */
export interface ZonePanelProps {
  zone: Zone;
  saving: boolean;
  deleting: boolean;
  onSave: (style: ZoneStyle) => void;
  onDelete: () => Promise<void>;
}

/**
 * The selected zone in edit mode (section 3 Zone): name, background colour, name colour, size
 * (default 16) and angle; delete, refused by the server while devices are in the zone.
 */
export function ZonePanel({ zone, saving, deleting, onSave, onDelete }: ZonePanelProps) {
  const { t } = useTranslation();
  const initial: ZoneStyle = {
    name: zone.name,
    bgColor: zone.bgColor,
    zoneNameColor: zone.zoneNameColor,
    zoneNameSize: zone.zoneNameSize || FloorPlanDefaults.zoneNameSize,
    zoneNameAngle: zone.zoneNameAngle,
  };
  return (
    <EntityPanel<ZoneStyle>
      title={t('zone.panel.zoneTitle')}
      testId="zone-panel"
      entityKey={JSON.stringify([zone.id, initial])}
      initial={initial}
      nameMax={ENTITY_NAME_MAX}
      deleteConfirm={t('zone.delete.confirm', { name: zone.name })}
      saving={saving}
      deleting={deleting}
      onSave={onSave}
      onDelete={onDelete}
    >
      <ColorField name="bgColor" label={t('zone.fields.bgColor')} testId="zone-panel-bg-color" />
      <ColorField name="zoneNameColor" label={t('zone.fields.nameColor')} testId="zone-panel-name-color" />
      <NumberField
        name="zoneNameSize"
        label={t('zone.fields.nameSize')}
        min={1}
        max={200}
        testId="zone-panel-name-size"
      />
      <NumberField
        name="zoneNameAngle"
        label={t('zone.fields.nameAngle')}
        min={-360}
        max={360}
        testId="zone-panel-name-angle"
      />
      <Typography.Paragraph type="secondary">{t('zone.panel.devices', { count: zone.nodeCount })}</Typography.Paragraph>
    </EntityPanel>
  );
}
