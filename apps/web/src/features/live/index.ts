export { applyLiveEvent, parseLiveEvent } from './apply-event';
export { followLiveStream, type LiveStatus } from './live-stream';
export { useLiveNetwork } from './use-live-network';
