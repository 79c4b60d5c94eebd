// The assistant feature's public entry: what other features and the app may use of it.
export { assistantKeys } from './api/keys';
export { type Draft, ReplyDraft } from './components/reply-draft';
export { VideoLibraryModal } from './components/video-library-modal';
export { SendToAssistantModal } from './components/assistant-modals';
/** loadCustomerAssistant loads the profile's Auto assistant section, for showing it lazily. */
export const loadCustomerAssistant = () => import('./components/customer-assistant').then((m) => m.CustomerAssistant);
