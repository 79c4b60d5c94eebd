import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

import { errorMessage } from '../../../lib/notify';
import { useChangeConversation, useStartConversation } from '../api/conversations';
import type { Conversation } from '../api/types';

type SendToAssistantModalProps = {
  opened: boolean;
  onClose: () => void;
  contactId: number;
  storeId: number;
  /** The vehicle the customer is interested in, to offer as the conversation's subject. */
  vehicle?: string;
};

/**
 * SendToAssistantModal hands the customer to the automated assistant: the conversation's kind,
 * text or e-mail, a name and the vehicle it is about. A text conversation needs the customer's
 * consent; the server's refusal (with its reason) is shown and nothing starts.
 */
export function SendToAssistantModal({ opened, onClose, contactId, storeId, vehicle = '' }: SendToAssistantModalProps) {
  const [kind, setKind] = useState<string>('Sales');
  const [channel, setChannel] = useState<string>('text');
  const [name, setName] = useState('');
  const [about, setAbout] = useState(vehicle);
  const start = useStartConversation(contactId);
  const close = () => {
    start.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Send to auto assistant">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate(
            { contactId, accountPlatformId: storeId, conversationType: kind, channel, name: name.trim() || undefined, vehicle: about.trim() || undefined },
            { onSuccess: close },
          );
        }}
      >
        <Stack gap="sm">
          <Select label="Conversation" data={['Sales', 'Service', 'Leads']} value={kind} onChange={(v) => setKind(v ?? 'Sales')} allowDeselect={false} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="assistant-channel">
              The assistant writes by
            </Text>
            <SegmentedControl
              aria-labelledby="assistant-channel"
              data={[
                { value: 'text', label: 'Text' },
                { value: 'email', label: 'E-mail' },
              ]}
              value={channel}
              onChange={setChannel}
            />
          </Stack>
          <TextInput label="Name (optional)" placeholder={`${kind} follow-up`} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} />
          <TextInput label="Vehicle of interest (optional)" value={about} onChange={(e) => setAbout(e.currentTarget.value)} maxLength={120} />
          {start.isError && (
            <Alert color="red" role="alert" title="The assistant was not started">
              {errorMessage(start.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={start.isPending}>
              Start conversation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type ConversationModalProps = { conversation: Conversation; onClose: () => void };

/** RenameConversationModal renames a conversation. */
export function RenameConversationModal({ conversation, onClose }: ConversationModalProps) {
  const [name, setName] = useState(conversation.name);
  const change = useChangeConversation(conversation.contactId);
  return (
    <Modal opened onClose={onClose} title="Rename the conversation">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate({ action: 'rename', conversation, name }, { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} required data-autofocus />
          {change.isError && (
            <Alert color="red" role="alert" title="The conversation was not renamed">
              {errorMessage(change.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** EndConversationModal confirms ending a conversation: the assistant stops writing to the customer. */
export function EndConversationModal({ conversation, onClose }: ConversationModalProps) {
  const change = useChangeConversation(conversation.contactId);
  return (
    <Modal opened onClose={onClose} title="End the conversation">
      <Stack gap="sm">
        <Text>
          The assistant stops writing to the customer in “{conversation.name}”. The conversation stays in the customer's history.
        </Text>
        {change.isError && (
          <Alert color="red" role="alert" title="The conversation was not ended">
            {errorMessage(change.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" loading={change.isPending} onClick={() => change.mutate({ action: 'end', conversation }, { onSuccess: onClose })}>
            End conversation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
