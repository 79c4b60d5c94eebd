import { Alert, Anchor, Button, CloseButton, FileButton, Group, Loader, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import type { EmailFile } from '../../../lib/api/types';
import {
  attachmentName,
  attachmentProblem,
  fetchAttachment,
  MAX_ATTACHMENTS,
  replaceTokens,
  uploadAttachment,
  useEmailTemplates,
  useSendEmail,
} from '../api/email-api';

export type SendEmailModalProps = {
  opened: boolean;
  onClose: () => void;
  contactId: number;
  storeId: number;
  /** The customer's address the e-mail goes to, shown in the header. */
  to?: string;
  onSent?: () => void;
};

function newRequestId() {
  return `email-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * SendEmailModal writes an e-mail to a customer: a template (its tokens filled in with the
 * customer's, the store's and the sender's data) or free text, files attached (each uploaded as
 * it is chosen; blocked types refused with the reason), and sends it through the store.
 */
export function SendEmailModal({ opened, onClose, contactId, storeId, to, onSent }: SendEmailModalProps) {
  const templates = useEmailTemplates(opened ? storeId : 0);
  const send = useSendEmail(contactId);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<EmailFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [requestId, setRequestId] = useState(newRequestId);

  const reset = () => {
    setTemplateId(null);
    setSubject('');
    setBody('');
    setFiles([]);
    setProblem(null);
    setFieldErrors({});
    setRequestId(newRequestId());
    send.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const chooseTemplate = async (value: string | null) => {
    setTemplateId(value);
    setProblem(null);
    if (!value) return;
    try {
      const filled = await replaceTokens(contactId, Number(value));
      setSubject(filled.Subject);
      setBody(filled.Body);
      const attached = (filled.Attachments ?? []).map((a) => ({ FileName: a.fileName, FileUrl: a.fileUrl, ContentType: '', Size: a.size }));
      setFiles((prev) => [...prev.filter((f) => !attached.some((a) => a.FileUrl === f.FileUrl)), ...attached]);
    } catch (err) {
      setProblem(isApiError(err) ? err.message : 'The template could not be filled in.');
    }
  };

  const attach = async (chosen: File[]) => {
    setProblem(null);
    for (const file of chosen) {
      const why = attachmentProblem(file);
      if (why) {
        setProblem(why);
        continue;
      }
      if (files.length >= MAX_ATTACHMENTS) {
        setProblem(`At most ${MAX_ATTACHMENTS} attachments.`);
        break;
      }
      setUploading(true);
      try {
        const saved = await uploadAttachment(file);
        setFiles((prev) => [...prev, saved]);
      } catch (err) {
        setProblem(isApiError(err) ? (Object.values(err.fieldErrors)[0]?.[0] ?? err.message) : `${attachmentName(file.name)} could not be uploaded.`);
      } finally {
        setUploading(false);
      }
    }
  };

  const preview = async (file: EmailFile) => {
    try {
      const blob = await fetchAttachment(file.FileUrl);
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch {
      setProblem(`${file.FileName} could not be opened.`);
    }
  };

  const submit = () => {
    const errs: Record<string, string> = {};
    if (!subject.trim()) errs.Subject = 'Enter a subject.';
    if (!body.trim()) errs.Body = 'Enter the message.';
    setFieldErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setProblem(null);
    send.mutate(
      {
        ContactId: contactId,
        Subject: subject,
        Body: body,
        TemplateId: templateId ? Number(templateId) : undefined,
        Attachments: files.map((f) => ({ FileName: f.FileName, FileUrl: f.FileUrl })),
        RequestId: requestId,
      },
      {
        onSuccess: () => {
          onSent?.();
          close();
        },
        onError: (err) => {
          if (isApiError(err)) {
            const fe: Record<string, string> = {};
            for (const [k, v] of Object.entries(err.fieldErrors)) if (v[0]) fe[k] = v[0];
            setFieldErrors(fe);
            setProblem(err.message);
          } else setProblem('The e-mail could not be sent.');
          setRequestId(newRequestId());
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Send Email" size="lg">
      <Stack gap="sm">
        {to ? (
          <Text size="sm">
            To: <strong>{to}</strong>
          </Text>
        ) : null}
        <Select
          label="Template"
          placeholder={templates.isLoading ? 'Loading templates…' : 'Choose a template (optional)'}
          data={(templates.data ?? []).map((t) => ({ value: String(t.TemplateId), label: t.TemplateName }))}
          value={templateId}
          onChange={(v) => void chooseTemplate(v)}
          clearable
          searchable
        />
        <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={fieldErrors.Subject} required />
        <Textarea label="Message" value={body} onChange={(e) => setBody(e.currentTarget.value)} error={fieldErrors.Body} rows={8} required />
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={(f) => void attach(f)} multiple>
              {(props) => (
                <Button {...props} variant="default" size="xs" loading={uploading}>
                  Attach files
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              Up to {MAX_ATTACHMENTS} files of 25 MB.
            </Text>
          </Group>
          {files.length > 0 ? (
            <ul aria-label="Attachments" style={{ margin: 0, paddingLeft: 16 }}>
              {files.map((f) => (
                <li key={f.FileUrl}>
                  <Group gap={4}>
                    <Anchor component="button" type="button" size="sm" onClick={() => void preview(f)}>
                      {f.FileName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {Math.max(1, Math.round(f.Size / 1024))} KB
                    </Text>
                    <CloseButton size="xs" aria-label={`Remove ${f.FileName}`} onClick={() => setFiles((prev) => prev.filter((x) => x.FileUrl !== f.FileUrl))} />
                  </Group>
                </li>
              ))}
            </ul>
          ) : null}
        </Stack>
        {problem ? (
          <Alert color="red" role="alert" title="Not sent">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={send.isPending} disabled={uploading} leftSection={uploading ? <Loader size="xs" /> : null}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
