import { Code, type PlanPoint, type PlanSize, type ZoneMap, type ZoneShapeValue } from '@lightwell/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../api/errors';
import { useZoneMutations } from '../../../../api/zone';
import { toast } from '../../../../app/feedback';
import { newNodePosition } from '../../../../features/floor-plan';

/** A name being asked for: of a zone just drawn, or of a new node. */
export type NamePrompt = { kind: 'zone'; points: PlanPoint[]; shape: ZoneShapeValue } | { kind: 'node' } | null;

/**
 * Edit state of the zone page: the selected zone or node, the name prompt, and what each map
 * gesture saves (zoneAdd, zoneUpdate, nodeAdd, nodeUpdate); the server's answer (clamped, cleaned
 * points) replaces what the map shows.
 */
export function useZoneEditor(nid: number, map: ZoneMap, imageSize: PlanSize) {
  const { t } = useTranslation();
  const mutations = useZoneMutations(nid);
  const { addZone, updateZone, deleteZone, addNode, updateNode, deleteNode } = mutations;
  const [selectedZoneId, setSelectedZoneId] = useState<number | null>(null);
  const [selectedNodeId, setSelectedNodeId] = useState<number | null>(null);
  const [prompt, setPrompt] = useState<NamePrompt>(null);

  const selectZone = useCallback((id: number | null) => {
    setSelectedZoneId(id);
    if (id !== null) setSelectedNodeId(null);
  }, []);
  const selectNode = useCallback((id: number | null) => {
    setSelectedNodeId(id);
    if (id !== null) setSelectedZoneId(null);
  }, []);

  const handleZoneCreate = useCallback(
    (points: PlanPoint[], shape: ZoneShapeValue) => setPrompt({ kind: 'zone', points, shape }),
    [],
  );
  const { mutate: saveZone } = updateZone;
  const { mutate: saveNode } = updateNode;
  const handleZoneChange = useCallback(
    (id: number, patch: { points: PlanPoint[] }) => saveZone({ zid: id, points: patch.points }),
    [saveZone],
  );
  const handleZoneNameMove = useCallback(
    (id: number, x: number, y: number) => saveZone({ zid: id, zoneNamePositionX: x, zoneNamePositionY: y }),
    [saveZone],
  );
  const handleNodeMove = useCallback(
    (id: number, x: number, y: number, zoneId: number | null) =>
      saveNode({ nodeId: id, positionX: x, positionY: y, zoneId }),
    [saveNode],
  );
  const handleNodeNameMove = useCallback(
    (id: number, x: number, y: number) => saveNode({ nodeId: id, namePositionX: x, namePositionY: y }),
    [saveNode],
  );

  /** Saves the prompted name: the drawn zone, or a node at the plan's start position (`newNodePosition`). */
  const handleNamed = async (name: string) => {
    if (prompt?.kind === 'zone') {
      const zone = await addZone.mutateAsync({ name, points: prompt.points, shape: prompt.shape });
      selectZone(zone.id);
      toast.saved(t('zone.messages.zoneAdded'));
    } else if (prompt?.kind === 'node') {
      const at = newNodePosition(imageSize, map.nodes);
      const node = await addNode.mutateAsync({ name, positionX: at.x, positionY: at.y });
      selectNode(node.id);
      toast.saved(t('zone.messages.nodeAdded'));
    }
    setPrompt(null);
  };

  /** Deletes a zone; one holding devices (1063) is explained instead. */
  const handleZoneDelete = async (zid: number) => {
    try {
      await deleteZone.mutateAsync(zid);
      setSelectedZoneId(null);
      toast.success(t('zone.messages.zoneDeleted'));
    } catch (error) {
      if (isApiError(error, Code.zoneHasNodes)) toast.error(t('zone.messages.hasDevices'));
    }
  };

  const handleNodeDelete = async (nodeId: number) => {
    await deleteNode.mutateAsync(nodeId);
    setSelectedNodeId(null);
    toast.success(t('zone.messages.nodeDeleted'));
  };

  return {
    mutations,
    selectedZone: map.zones.find((zone) => zone.id === selectedZoneId) ?? null,
    selectedNode: map.nodes.find((node) => node.id === selectedNodeId) ?? null,
    selectedZoneId,
    selectedNodeId,
    selectZone,
    selectNode,
    prompt,
    setPrompt,
    handleNamed,
    handleZoneCreate,
    handleZoneChange,
    handleZoneNameMove,
    handleNodeMove,
    handleNodeNameMove,
    handleZoneDelete,
    handleNodeDelete,
  };
}
