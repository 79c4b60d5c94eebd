import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

/** An assistant conversation with a customer, with every message. */
export type Conversation = Schemas['domain.autoassistant.Conversation'];
/** One message of an assistant conversation. */
export type ConversationMessage = Schemas['domain.autoassistant.Message'];
/** One stage and status a conversation can be in. */
export type ConversationStatus = Schemas['domain.autoassistant.Status'];
/** What starts an assistant conversation (POST /api/auto_assistant/new_request). */
export type NewConversationBody = Schemas['assistant.NewRequestInputBody'];
/** A video of a store's library. */
export type Video = Schemas['domain.video.Video'];
/** A subcategory of the library with its count of videos. */
export type VideoSubcategory = Schemas['functions.assistant.SubcategoryCount'];
/** A link that plays a video until it expires. */
export type VideoLink = Schemas['functions.assistant.VideoLink'];
/** A drafted reply: shown to the person, who edits and sends it. */
export type GeneratedReply = Schemas['functions.assistant.GeneratedReply'];
