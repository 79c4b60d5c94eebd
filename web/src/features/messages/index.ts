// The messages feature's public entry: what other features and routes may use of it.
export { messageKeys } from './api/keys';
export { useCanText } from './api/get-can-text';
export { TextingSettingsModal } from './components/texting-settings-modal';
export { LINK_MESSAGES, useOpenInternalLink } from './api/verify-internal-link';
/** loadMessagesTab loads the profile's Messages tab, for showing it lazily. */
export const loadMessagesTab = () => import('./components/messages-tab').then((m) => m.MessagesTab);
/** loadCustomerSms loads the embedded customersms screen's parts (the send box and the conversation). */
export const loadCustomerSms = () => import('./components/customer-sms').then((m) => m.CustomerSms);
