import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { DealerTemplate, EmailFile, EmailMessage, EmailUploadUrl, ReplacedTemplate, SendEmailResult } from '../../../lib/api/types';
import { activityKeys } from '../../activity';
import { emailKeys } from './keys';

/** EMAIL_CHANNEL is the e-mail channel of the dealer templates. */
export const EMAIL_CHANNEL = 1;

/** getEmailTemplates lists a store's active e-mail templates (POST /templatemanager/getDealerTemplates). */
export function getEmailTemplates(storeId: number): Promise<DealerTemplate[]> {
  return api.post<DealerTemplate[]>('/templatemanager/getDealerTemplates', {
    CategoryIds: Array.from({ length: 14 }, (_, i) => i + 1),
    ChannelIds: [EMAIL_CHANNEL],
    Statuses: [true],
    TemplateTypeId: 1,
    AccountPlatformIds: [storeId],
  });
}

export const emailTemplatesQuery = (storeId: number) =>
  queryOptions({ queryKey: emailKeys.templates(storeId), queryFn: () => getEmailTemplates(storeId), enabled: storeId > 0 });

/** useEmailTemplates is a store's e-mail templates. */
export function useEmailTemplates(storeId: number) {
  return useQuery(emailTemplatesQuery(storeId));
}

/** replaceTokens fills in a template's tokens for a customer (POST /pando/pandox/tokenreplaceemailtemplate). */
export function replaceTokens(contactId: number, templateId: number): Promise<ReplacedTemplate> {
  return api.post<ReplacedTemplate>('/pando/pandox/tokenreplaceemailtemplate', { ContactId: contactId, TemplateId: templateId });
}

/**
 * DIRECT_UPLOAD_BYTES is the size from which a file goes straight to the files bucket through a
 * presigned PUT instead of through the API. Lambda takes at most 6 MB per request, and API
 * Gateway hands a binary body to it base64-encoded (4/3 of the size) inside a multipart form,
 * so 4 MB is the largest file that surely fits. Smaller files keep the one-request upload: one
 * round trip instead of three, and nothing depends on the bucket answering the browser.
 */
export const DIRECT_UPLOAD_BYTES = 4 * 1024 * 1024;

/**
 * uploadAttachment uploads one file: through the API (POST /pando/pandox/create_email_attachment)
 * below DIRECT_UPLOAD_BYTES, else straight to the bucket (uploadAttachmentDirect).
 */
export async function uploadAttachment(file: File): Promise<EmailFile> {
  if (file.size >= DIRECT_UPLOAD_BYTES) return uploadAttachmentDirect(file);
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await api.request<EmailFile[]>('/pando/pandox/create_email_attachment', { method: 'POST', form });
  const first = data[0];
  if (!first) throw new Error('The upload returned no file.');
  return first;
}

/**
 * uploadAttachmentDirect asks for a presigned PUT (POST /pando/pandox/create_email_attachment/upload_url,
 * which checks the name and size as the upload does), sends the file to the bucket with exactly
 * the signed headers, and confirms it (POST /pando/pandox/create_email_attachment/confirm).
 */
export async function uploadAttachmentDirect(file: File): Promise<EmailFile> {
  const upload = await api.post<EmailUploadUrl>('/pando/pandox/create_email_attachment/upload_url', {
    FileName: file.name,
    Size: file.size,
    ContentType: file.type,
  });
  // The browser sets Content-Length and Host itself, from the body and the URL.
  const headers = Object.fromEntries(
    Object.entries(upload.Headers ?? {}).filter(([name]) => !['content-length', 'host'].includes(name.toLowerCase())),
  );
  // The bytes rather than the File itself: every fetch sends an ArrayBuffer as it is.
  const put = await fetch(upload.UploadUrl, { method: upload.Method, headers, body: await file.arrayBuffer() });
  if (!put.ok) throw new Error(`${upload.FileName} could not be uploaded (the file store answered ${put.status}).`);
  const confirmed = await api.post<EmailFile[]>('/pando/pandox/create_email_attachment/confirm', { FileUrl: upload.FileUrl });
  const first = confirmed[0];
  if (!first) throw new Error('The upload returned no file.');
  return first;
}

/** BLOCKED_EXTENSIONS are the attachment types refused (the server refuses them too). */
export const BLOCKED_EXTENSIONS = ['exe', 'jar', 'bat', 'psc1', 'vb', 'vbs', 'msi', 'cmd', 'reg', 'wsf'];

/** MAX_ATTACHMENT_MB is the largest file, and MAX_ATTACHMENTS the most files, of one e-mail. */
export const MAX_ATTACHMENT_MB = 25;
export const MAX_ATTACHMENTS = 5;

/** attachmentProblem returns why a file may not be attached, or null when it may. */
export function attachmentProblem(file: File): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (BLOCKED_EXTENSIONS.includes(ext)) {
    return `Files of type .${ext} cannot be attached (blocked: ${BLOCKED_EXTENSIONS.join(', ')}).`;
  }
  if (file.size > MAX_ATTACHMENT_MB * 1024 * 1024) return `${file.name} is larger than ${MAX_ATTACHMENT_MB} MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** attachmentName is a file's name as stored: spaces become underscores. */
export function attachmentName(name: string): string {
  return name.trim().replace(/ /g, '_');
}

export type SendEmailBody = {
  ContactId: number;
  Subject: string;
  Body: string;
  TemplateId?: number;
  Attachments: { FileName: string; FileUrl: string }[];
  RequestId: string;
};

/**
 * sendEmail sends an e-mail to a customer (POST /pando/pandox/sendemail). A refusal (Success
 * false, such as a message naming a restricted address) throws ApiError with the server's Message.
 */
export function sendEmail(body: SendEmailBody): Promise<SendEmailResult> {
  return api.post<SendEmailResult>('/pando/pandox/sendemail', body);
}

/** useSendEmail sends and reloads the customer's e-mail history and activity. */
export function useSendEmail(contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailKeys.history(contactId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(contactId) }),
      ]),
  });
}

/** getEmailHistory is a customer's e-mail, newest first (GET /crm/contacts/{id}/emails). */
export function getEmailHistory(contactId: number): Promise<EmailMessage[]> {
  return api.get<EmailMessage[]>(`/crm/contacts/${contactId}/emails`);
}

/** useEmailHistory is a customer's e-mail history. */
export function useEmailHistory(contactId: number, enabled = true) {
  return useQuery({ queryKey: emailKeys.history(contactId), queryFn: () => getEmailHistory(contactId), enabled: enabled && contactId > 0 });
}

/** fetchAttachment fetches an attachment's file (GET /chat/message/attachment). */
export function fetchAttachment(fileUrl: string): Promise<Blob> {
  return api.blob(`/chat/message/attachment?fileUrl=${encodeURIComponent(fileUrl)}`);
}
