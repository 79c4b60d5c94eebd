import { Alert, Button, Center, Group, Loader, Modal, SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import type { Contact } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';
import { logNote, sendToDesking, startOutboundCall, useActivityMutation, type NoteKind } from '../api/log-activity';
import { Actions, firstError, FormProblem, newRequestId, submitWith } from './activity-form-parts';

// The call form, with its number input, loads when the dialog is first opened.
const LogCallForm = lazy(() => import('./log-call-form').then((m) => ({ default: m.LogCallForm })));

/** ActivityDialog names one of the profile header's activity dialogs. */
export type ActivityDialog = 'call' | 'note' | 'dial' | 'desking';

/** ActivityDialogs are the dialogs of ActivityActions, the one named by dialog open. */
export function ActivityDialogs({ contact, dialog, onClose }: { contact: Contact; dialog: ActivityDialog | null; onClose: () => void }) {
  const contactId = contact.id ?? 0;
  const close = onClose;
  return (
    <>
      <Modal opened={dialog === 'call'} onClose={close} title="Log call" centered>
        <Suspense
          fallback={
            <Center py="md" role="status" aria-label="Loading the form">
              <Loader size="sm" />
            </Center>
          }
        >
          <LogCallForm contactId={contactId} onDone={close} />
        </Suspense>
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

/** LogNoteForm logs a note (or a customer note) on the customer; onDone runs after it is logged or cancelled. */
export function LogNoteForm({ contactId, onDone }: { contactId: number; onDone: () => void }) {
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
