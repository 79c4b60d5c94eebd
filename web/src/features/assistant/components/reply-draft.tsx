import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';

import { errorMessage } from '../../../lib/notify';
import { type ReplyChannel, useSuggestReply } from '../api/generate';

/** Draft is a message being written: the e-mail's subject (empty for a text) and its body. */
export type Draft = { subject: string; body: string };

type ReplyDraftProps = {
  channel: ReplyChannel;
  contactId: number;
  /** The store the reply is written for; the customer's when absent. */
  storeId?: number;
  value: Draft;
  onChange: (draft: Draft) => void;
  /** Shown beside Suggest a reply (an Insert video button, a Send button). */
  actions?: React.ReactNode;
};

/**
 * ReplyDraft is an editable message draft with a Suggest a reply button: the suggestion, drafted
 * from the conversation and the person's instructions, fills the draft for the person to edit.
 * Nothing is sent from here; the feature that embeds it sends the draft.
 */
export function ReplyDraft({ channel, contactId, storeId, value, onChange, actions }: ReplyDraftProps) {
  const [instructions, setInstructions] = useState('');
  const suggest = useSuggestReply();
  const onSuggest = () =>
    suggest.mutate(
      { channel, contactId, accountPlatformId: storeId, instructions: instructions.trim() || undefined },
      { onSuccess: (r) => onChange({ subject: channel === 'email' ? r.subject || value.subject : '', body: r.body }) },
    );
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label="What should the reply say? (optional)"
          placeholder="Offer Saturday morning"
          value={instructions}
          onChange={(e) => setInstructions(e.currentTarget.value)}
          maxLength={500}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button variant="light" onClick={onSuggest} loading={suggest.isPending}>
          Suggest a reply
        </Button>
        {actions}
      </Group>
      {suggest.isError && (
        <Alert color="red" role="alert" title="No reply could be suggested">
          {errorMessage(suggest.error)}
        </Alert>
      )}
      {channel === 'email' && (
        <TextInput label="Subject" value={value.subject} onChange={(e) => onChange({ ...value, subject: e.currentTarget.value })} maxLength={200} />
      )}
      <Textarea
        label={channel === 'email' ? 'E-mail draft' : 'Text draft'}
        description={suggest.isSuccess ? 'Suggested from the conversation: review and edit it before sending.' : undefined}
        rows={5}
        value={value.body}
        onChange={(e) => onChange({ ...value, body: e.currentTarget.value })}
      />
      {channel === 'text' && (
        <Text size="xs" c="dimmed">
          {value.body.length} characters
        </Text>
      )}
    </Stack>
  );
}
