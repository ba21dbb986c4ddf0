export { followLiveStream, type LiveStatus } from './live-stream';
export { mergeDeviceStates } from './merge';
export { useLiveNetwork } from './use-live-network';
