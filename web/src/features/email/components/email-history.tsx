import { Alert, Anchor, Badge, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';

import { fetchAttachment, useEmailHistory } from '../api/email-api';

/** EmailHistoryList is a customer's e-mail sent and received, newest first. */
export function EmailHistoryList({ contactId, enabled = true }: { contactId: number; enabled?: boolean }) {
  const history = useEmailHistory(contactId, enabled);
  if (history.isLoading) return <Loader size="sm" aria-label="Loading the e-mail" />;
  if (history.isError)
    return (
      <Alert color="red" role="alert">
        The e-mail history could not be loaded.
      </Alert>
    );
  const list = history.data ?? [];
  if (list.length === 0) return <Text c="dimmed">No e-mail with this customer yet.</Text>;
  return (
    <Stack gap="sm" aria-label="E-mail history">
      {list.map((m) => (
        <Card key={m.id} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Badge color={m.direction === 'inbound' ? 'teal' : 'blue'} variant="light">
                {m.direction === 'inbound' ? 'Received' : 'Sent'}
              </Badge>
              <Text fw={600}>{m.subject}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {new Date(m.at).toLocaleString()}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {m.direction === 'inbound' ? `From ${m.from}` : `To ${m.to}${m.userName ? ` · by ${m.userName}` : ''}`}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt={4}>
            {m.text}
          </Text>
          {(m.attachments ?? []).length > 0 ? (
            <Group gap="xs" mt={4}>
              {(m.attachments ?? []).map((a) => (
                <Anchor
                  key={a.fileUrl}
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void fetchAttachment(a.fileUrl).then((b) => window.open(URL.createObjectURL(b), '_blank', 'noopener'))}
                >
                  {a.fileName}
                </Anchor>
              ))}
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

/** EmailHistoryModal shows a customer's e-mail history. */
export function EmailHistoryModal({ opened, onClose, contactId }: { opened: boolean; onClose: () => void; contactId: number }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Email History" size="lg">
      <EmailHistoryList contactId={contactId} enabled={opened} />
    </Modal>
  );
}
