// The realtime feature's public entry: the push connection the shell keeps open and its status.
export { useRealtime } from './components/use-realtime';
export { RealtimeStatus, realtimeLabel } from './components/realtime-status';
export type { RealtimeState } from './api/connection';
