import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import type { Contact } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { CALL_OUTCOMES } from '../activity-display';
import { logNote, logPhoneCall, sendToDesking, startOutboundCall, useActivityMutation, type NoteKind } from '../api/log-activity';

/** newRequestId names one submission of a dialog, so a retried request has no second effect. */
function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** ActivityDialog names one of the profile header's activity dialogs. */
export type ActivityDialog = 'call' | 'note' | 'dial' | 'desking';

/** ActivityDialogs are the dialogs of ActivityActions, the one named by dialog open. */
export function ActivityDialogs({ contact, dialog, onClose }: { contact: Contact; dialog: ActivityDialog | null; onClose: () => void }) {
  const contactId = contact.id ?? 0;
  const close = onClose;
  return (
    <>
      <Modal opened={dialog === 'call'} onClose={close} title="Log call" centered>
        <LogCallForm contactId={contactId} onDone={close} />
      </Modal>
      <Modal opened={dialog === 'note'} onClose={close} title="Log note" centered>
        <LogNoteForm contactId={contactId} onDone={close} />
      </Modal>
      <Modal opened={dialog === 'dial'} onClose={close} title="Call customer" centered>
        <StartCallForm contact={contact} onDone={close} />
      </Modal>
      <Modal opened={dialog === 'desking'} onClose={close} title="Send to desking" centered>
        <DeskingForm contactId={contactId} onDone={close} />
      </Modal>
    </>
  );
}

/** firstError returns a field's first server message. */
function firstError(err: unknown, field: string): string | undefined {
  return isApiError(err) ? err.fieldErrors[field]?.[0] : undefined;
}

/** FormProblem shows a failure that belongs to no field of the form. */
function FormProblem({ error, fields }: { error: unknown; fields: string[] }) {
  if (!error) return null;
  if (isApiError(error) && Object.keys(error.fieldErrors).some((f) => fields.includes(f))) return null;
  return (
    <Alert color="red" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

function Actions({ onCancel, pending, children }: { onCancel: () => void; pending: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {children}
      </Button>
    </Group>
  );
}

function submitWith(fn: () => void) {
  return (e: FormEvent) => {
    e.preventDefault();
    fn();
  };
}

function LogCallForm({ contactId, onDone }: { contactId: number; onDone: () => void }) {
  const [requestId] = useState(newRequestId);
  const [direction, setDirection] = useState('outbound');
  const [outcome, setOutcome] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<string | number>('');
  const [notes, setNotes] = useState('');
  const log = useActivityMutation(contactId, logPhoneCall.bind(null, contactId));
  const fields = ['direction', 'outcome', 'durationSeconds', 'notes', 'phoneId'];
  return (
    <form
      noValidate
      onSubmit={submitWith(() =>
        log.mutate(
          { direction, outcome: outcome ?? '', notes, durationSeconds: Math.round(Number(minutes || 0) * 60), requestId },
          {
            onSuccess: () => {
              notify('success', 'The call was logged.');
              onDone();
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormProblem error={log.error} fields={fields} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="call-direction">
            Direction
          </Text>
          <SegmentedControl
            aria-labelledby="call-direction"
            value={direction}
            onChange={setDirection}
            data={[
              { value: 'outbound', label: 'Outbound' },
              { value: 'inbound', label: 'Inbound' },
            ]}
          />
          {firstError(log.error, 'direction') ? (
            <Text size="xs" c="red">
              {firstError(log.error, 'direction')}
            </Text>
          ) : null}
        </Stack>
        <Select label="Outcome" placeholder="Choose the outcome" data={[...CALL_OUTCOMES]} value={outcome} onChange={setOutcome} error={firstError(log.error, 'outcome')} required />
        <NumberInput label="Duration (minutes)" min={0} max={1440} decimalScale={2} value={minutes} onChange={setMinutes} error={firstError(log.error, 'durationSeconds')} />
        <Textarea label="Notes" rows={3} maxLength={4000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={firstError(log.error, 'notes')} />
        <Actions onCancel={onDone} pending={log.isPending}>
          Log call
        </Actions>
      </Stack>
    </form>
  );
}

function LogNoteForm({ contactId, onDone }: { contactId: number; onDone: () => void }) {
  const [requestId] = useState(newRequestId);
  const [kind, setKind] = useState<NoteKind>('note');
  const [text, setText] = useState('');
  const log = useActivityMutation(contactId, ({ kind, text }: { kind: NoteKind; text: string }) => logNote(contactId, kind, { text, requestId }));
  return (
    <form
      noValidate
      onSubmit={submitWith(() =>
        log.mutate(
          { kind, text },
          {
            onSuccess: () => {
              notify('success', 'The note was logged.');
              onDone();
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormProblem error={log.error} fields={['text']} />
        <SegmentedControl
          aria-label="Kind of note"
          value={kind}
          onChange={(v) => setKind(v as NoteKind)}
          data={[
            { value: 'note', label: 'Note' },
            { value: 'customer_note', label: 'Customer note' },
          ]}
        />
        <Textarea label="Note text" rows={4} maxLength={4000} value={text} onChange={(e) => setText(e.currentTarget.value)} error={firstError(log.error, 'text')} required />
        <Actions onCancel={onDone} pending={log.isPending}>
          Log note
        </Actions>
      </Stack>
    </form>
  );
}

function StartCallForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const contactId = contact.id ?? 0;
  const [requestId] = useState(newRequestId);
  const phones = (contact.phones ?? []).filter((p) => !p.optOut && p.phone);
  const preferred = phones.find((p) => p.isPreferred) ?? phones[0];
  const [phoneId, setPhoneId] = useState<string | null>(preferred?.id ? String(preferred.id) : null);
  const [userPhone, setUserPhone] = useState('');
  const start = useActivityMutation(contactId, startOutboundCall.bind(null, contactId));
  if (phones.length === 0) {
    return (
      <Stack gap="sm">
        <Alert color="yellow" role="alert">
          The customer has no phone number that can be called.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form
      noValidate
      onSubmit={submitWith(() =>
        start.mutate(
          { userPhone, phoneId: phoneId ? Number(phoneId) : undefined, requestId },
          {
            onSuccess: () => {
              notify('success', 'Your phone will ring first; answer it to be connected to the customer.', 'Call started');
              onDone();
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormProblem error={start.error} fields={['userPhone', 'phoneId']} />
        <TextInput
          label="Your phone"
          description="We ring this phone first, then connect the customer."
          type="tel"
          autoComplete="tel"
          value={userPhone}
          onChange={(e) => setUserPhone(e.currentTarget.value)}
          error={firstError(start.error, 'userPhone')}
          required
        />
        <Select
          label="Customer's phone"
          data={phones.map((p) => ({ value: String(p.id), label: `${p.label ? `${p.label}: ` : ''}${p.phoneDisplay || p.phone}` }))}
          value={phoneId}
          onChange={setPhoneId}
          error={firstError(start.error, 'phoneId')}
          allowDeselect={false}
        />
        <Actions onCancel={onDone} pending={start.isPending}>
          Start call
        </Actions>
      </Stack>
    </form>
  );
}

function DeskingForm({ contactId, onDone }: { contactId: number; onDone: () => void }) {
  const [requestId] = useState(newRequestId);
  const [notes, setNotes] = useState('');
  const send = useActivityMutation(contactId, sendToDesking.bind(null, contactId));
  return (
    <form
      noValidate
      onSubmit={submitWith(() =>
        send.mutate(
          { notes, requestId },
          {
            onSuccess: () => {
              notify('success', 'The customer was sent to desking.');
              onDone();
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormProblem error={send.error} fields={['notes']} />
        <Textarea label="Notes for the desk" rows={3} maxLength={4000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={firstError(send.error, 'notes')} />
        <Actions onCancel={onDone} pending={send.isPending}>
          Send to desking
        </Actions>
      </Stack>
    </form>
  );
}
