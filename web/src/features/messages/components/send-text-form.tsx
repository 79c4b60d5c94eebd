import { Alert, Button, Group, Loader, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { errorMessage } from '../../../lib/notify';
import { useCanText } from '../api/get-can-text';
import { useSendText } from '../api/send-text';

/** The longest text (ten segments). */
export const MAX_TEXT = 1600;

/** segments counts the 160-character segments a text is sent in. */
export function segments(text: string): number {
  return Math.max(1, Math.ceil([...text].length / 160));
}

type SendTextFormProps = {
  contactId: number;
  /** Called after a text was sent. */
  onSent?: () => void;
};

/**
 * SendTextForm is the send box: the customer's mobile numbers, the text, and Send. When the
 * consent ledger does not allow a text now (an opt-out, do not text, CASL, the customer's quiet
 * hours) it says why and sends nothing.
 */
export function SendTextForm({ contactId, onSent }: SendTextFormProps) {
  const canText = useCanText(contactId);
  const send = useSendText();
  const [text, setText] = useState('');
  const [phoneId, setPhoneId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (canText.isPending) {
    return (
      <Group gap="xs" role="status" aria-label="Checking whether the customer may be texted">
        <Loader size="xs" />
        <Text size="sm">Checking whether the customer may be texted…</Text>
      </Group>
    );
  }
  if (canText.isError) {
    return (
      <Alert color="red" role="alert" title="Texting could not be checked">
        {errorMessage(canText.error)}
      </Alert>
    );
  }
  const phones = canText.data.phones ?? [];
  const chosen = phones.find((p) => String(p.id) === phoneId) ?? phones.find((p) => p.isPreferred) ?? phones[0];
  const allowed = chosen ? chosen.canText : canText.data.canText;
  const reason = chosen ? chosen.reason : canText.data.reason;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (text.trim() === '') {
      setProblem('Enter the text to send.');
      return;
    }
    send.mutate(
      { contactId, text, ...(chosen ? { phoneId: chosen.id } : {}) },
      {
        onSuccess: () => {
          setText('');
          onSent?.();
        },
        onError: (err) => setProblem(errorMessage(err)),
      },
    );
  };

  return (
    <Stack gap="xs" component="form" onSubmit={submit} aria-label="Send text">
      {!allowed && reason ? (
        <Alert color="orange" role="alert" title={canText.data.optedOut ? 'Opted out of texts' : 'Texting is not allowed now'}>
          {reason}
        </Alert>
      ) : null}
      {phones.length > 1 ? (
        <Select
          label="To"
          data={phones.map((p) => ({ value: String(p.id), label: `${p.phoneDisplay} (${p.label})${p.canText ? '' : ' – not textable'}` }))}
          value={chosen ? String(chosen.id) : null}
          onChange={setPhoneId}
          allowDeselect={false}
        />
      ) : chosen ? (
        <Text size="sm" c="dimmed">
          To {chosen.phoneDisplay} ({chosen.label})
        </Text>
      ) : null}
      <Textarea
        label="Text message"
        placeholder={allowed ? 'Type your text…' : 'Texting is not allowed'}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={MAX_TEXT}
        rows={3}
        disabled={!allowed || send.isPending}
        error={problem}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {[...text].length}/{MAX_TEXT} · {segments(text)} {segments(text) === 1 ? 'segment' : 'segments'}
        </Text>
        <Button type="submit" disabled={!allowed} loading={send.isPending}>
          Send text
        </Button>
      </Group>
    </Stack>
  );
}
