// The chat feature's public entry: staff chat, opened from the header.
export { ChatButton } from './components/chat-button';
export { chatKeys } from './api/keys';
