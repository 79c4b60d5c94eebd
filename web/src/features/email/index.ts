// The e-mail feature's public entry: what other features and the routes may use of it.
export { emailKeys } from './api/keys';
export { EmailActions, preferredEmail } from './components/email-actions';
export { EmailHistoryList } from './components/email-history';
export { SendEmailModal } from './components/send-email-modal';
