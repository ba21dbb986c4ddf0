export { FloorPlan } from './floor-plan';
export { newNodePosition } from './new-node-position';
export type {
  FloorPlanNode,
  FloorPlanProps,
  FloorPlanTool,
  FloorPlanZone,
  FloorPlanZonePatch,
} from './types';
export { type FloorPlanViewState, useFloorPlanView } from './use-floor-plan-view';
export { useSavedView, VIEW_SAVE_DELAY_MS } from './use-saved-view';
