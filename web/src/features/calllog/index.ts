// The call-log feature's public entry: the Call Log screen and its query keys.
export { callLogKeys } from './api/keys';
export { CallLog } from './components/call-log';
