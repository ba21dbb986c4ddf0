export { FloorPlan } from './floor-plan';
export { newNodePosition } from './new-node-position';
export type {
  FloorPlanNode,
  FloorPlanProps,
  FloorPlanZone,
} from './types';
export { useFloorPlanView } from './use-floor-plan-view';
export { useSavedView } from './use-saved-view';
