import { FloorPlanDefaults, type PlanNode } from '@lightwell/domain';
import { useTranslation } from 'react-i18next';
import { EntityPanel } from './entity-panel';
import { ColorField, NumberField } from './style-fields';

/** Longest node name (domain `NodeNameSchema`). */
const NODE_NAME_MAX = 64;

/** What the node panel saves. */
export interface NodeStyle {
  name: string;
  nameSize: number;
  nameAngle: number;
  iconSize: number;
  nameColor: string;
}

/** Props of {@link NodePanel}. */
export interface NodePanelProps {
  node: PlanNode;
  saving: boolean;
  deleting: boolean;
  onSave: (style: NodeStyle) => void;
  onDelete: () => Promise<void>;
}

/** The selected node in edit mode (section 3 Node): name, name size (default 12), angle, icon size, colour; delete. */
export function NodePanel({ node, saving, deleting, onSave, onDelete }: NodePanelProps) {
  const { t } = useTranslation();
  const initial: NodeStyle = {
    name: node.name,
    nameSize: node.nameSize || FloorPlanDefaults.nodeNameSize,
    nameAngle: node.nameAngle,
    iconSize: node.iconSize || FloorPlanDefaults.nodeIconSize,
    nameColor: node.nameColor,
  };
  return (
    <EntityPanel<NodeStyle>
      title={t('zone.panel.nodeTitle')}
      testId="node-panel"
      entityKey={JSON.stringify([node.id, initial])}
      initial={initial}
      nameMax={NODE_NAME_MAX}
      deleteConfirm={t('zone.nodeDelete.confirm', { name: node.name })}
      saving={saving}
      deleting={deleting}
      onSave={onSave}
      onDelete={onDelete}
    >
      <NumberField name="nameSize" label={t('zone.fields.nameSize')} min={1} max={200} testId="node-panel-name-size" />
      <NumberField
        name="nameAngle"
        label={t('zone.fields.nameAngle')}
        min={-360}
        max={360}
        testId="node-panel-name-angle"
      />
      <NumberField name="iconSize" label={t('zone.fields.iconSize')} min={1} max={500} testId="node-panel-icon-size" />
      <ColorField name="nameColor" label={t('zone.fields.nameColor')} testId="node-panel-name-color" />
    </EntityPanel>
  );
}
