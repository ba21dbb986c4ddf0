import type { FloorPlanView, NetworkDetail, ZoneMap as ZoneMapData } from '@lightwell/domain';
import { useTranslation } from 'react-i18next';
import { FloorPlan, useSavedView } from '../../../../../features/floor-plan';
import type { useZoneEditor } from '../use-zone-editor';
import { NameDialog } from './name-dialog';
import { NodePanel } from './node-panel';
import { ZonePanel } from './zone-panel';

/** Props of {@link ZoneMap}. */
export interface ZoneMapProps {
  network: NetworkDetail;
  map: ZoneMapData;
  imageUrl: string | null;
  /** The user's saved view of this network; null when none is saved (the plan opens fitted). */
  storedView: FloorPlanView | null;
  editing: boolean;
  editor: ReturnType<typeof useZoneEditor>;
}

/** Height of the map area: most of the window, never tiny. */
const MAP_HEIGHT = 'max(420px, calc(100vh - 300px))';

/** The floor plan of the network with its saved view, and in edit mode the panel of the selected zone or node. */
export function ZoneMap({ network, map, imageUrl, storedView, editing, editor }: ZoneMapProps) {
  const { t } = useTranslation();
  const { view, handleViewChange } = useSavedView(network.id, storedView);
  const { mutations, selectedZone, selectedNode, prompt } = editor;
  const { updateZone, deleteZone, updateNode, deleteNode, addZone, addNode } = mutations;
  return (
    <div className="lw-side-layout">
      <div className="lw-side-layout__main">
        <FloorPlan
          imageUrl={imageUrl}
          imageSize={network.imageSize}
          zones={map.zones}
          nodes={map.nodes}
          view={view}
          mode={editing ? 'edit' : 'view'}
          selectedZoneId={editor.selectedZoneId}
          selectedNodeId={editor.selectedNodeId}
          height={MAP_HEIGHT}
          onViewChange={handleViewChange}
          onZoneCreate={editor.handleZoneCreate}
          onZoneChange={editor.handleZoneChange}
          onZoneSelect={editor.selectZone}
          onNodeSelect={editor.selectNode}
          onNodeMove={editor.handleNodeMove}
          onNodeNameMove={editor.handleNodeNameMove}
          onZoneNameMove={editor.handleZoneNameMove}
        />
      </div>
      {editing && (selectedZone || selectedNode) && (
        <div className="lw-side-layout__panel">
          {selectedZone && (
            <ZonePanel
              zone={selectedZone}
              saving={updateZone.isPending && updateZone.variables?.zid === selectedZone.id}
              deleting={deleteZone.isPending}
              onSave={(style) => updateZone.mutate({ zid: selectedZone.id, ...style })}
              onDelete={() => editor.handleZoneDelete(selectedZone.id)}
            />
          )}
          {selectedNode && (
            <NodePanel
              node={selectedNode}
              saving={updateNode.isPending && updateNode.variables?.nodeId === selectedNode.id}
              deleting={deleteNode.isPending}
              onSave={(style) => updateNode.mutate({ nodeId: selectedNode.id, ...style })}
              onDelete={() => editor.handleNodeDelete(selectedNode.id)}
            />
          )}
        </div>
      )}
      {prompt && (
        <NameDialog
          title={t(prompt.kind === 'zone' ? 'zone.create.zoneTitle' : 'zone.create.nodeTitle')}
          initialName={
            prompt.kind === 'zone'
              ? t('zone.create.zoneName', { count: map.zones.length + 1 })
              : t('zone.create.nodeName', { count: map.nodes.length + 1 })
          }
          loading={addZone.isPending || addNode.isPending}
          onSubmit={editor.handleNamed}
          onCancel={() => editor.setPrompt(null)}
        />
      )}
    </div>
  );
}
