export { applyLiveEvent, parseLiveEvent } from './apply-event';
export type { LiveStatus } from './live-stream';
export { useLiveNetwork } from './use-live-network';
