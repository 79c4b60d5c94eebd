import { Alert, Badge, Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

import type { AppointmentView } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { type AppointmentChange, useChangeAppointment } from '../api/appointment-changes';
import { useContactAppointments } from '../api/contact-appointments';
import { appointmentStatusColor, appointmentStatusLabel, canMove, formatWhen } from '../appointment-display';
import { CancelAppointmentModal, RescheduleAppointmentModal, SetAppointmentModal } from './appointment-modals';

type CustomerAppointmentsProps = {
  contactId: number;
  /** The customer's store: a new appointment is at it. */
  storeId: number;
  /** Whether the user may edit the customer, and so set appointments with it. */
  canEdit: boolean;
  /** The signed-in user, whom a new appointment is with unless another is chosen. */
  userId: string;
};

type Dialog = { kind: 'reschedule' | 'cancel'; appointment: AppointmentView } | { kind: 'set' } | null;

/**
 * CustomerAppointments is the profile's Appointments section: the customer's upcoming
 * appointments (from today, for a year) or the past year's, each at its store's time, with its
 * status, whom it is with, a flag when it overlaps another appointment of that user, and the
 * moves the user may make: reschedule, confirm, shown or no-show, cancel (after asking).
 */
export function CustomerAppointments({ contactId, storeId, canEdit, userId }: CustomerAppointmentsProps) {
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [dialog, setDialog] = useState<Dialog>(null);
  const appointments = useContactAppointments(contactId, when);
  const titleId = useId();
  const close = () => setDialog(null);

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={titleId}>
            Appointments
          </Title>
          <Group gap="md" wrap="wrap">
            <SegmentedControl
              size="xs"
              aria-label="Which appointments"
              value={when}
              onChange={(v) => setWhen(v === 'past' ? 'past' : 'upcoming')}
              data={[
                { value: 'upcoming', label: 'Upcoming' },
                { value: 'past', label: 'Past' },
              ]}
            />
            {canEdit && storeId > 0 && (
              <Button size="xs" onClick={() => setDialog({ kind: 'set' })}>
                Set appointment
              </Button>
            )}
          </Group>
        </Group>
        {appointments.isPending ? (
          <Center py="md" role="status" aria-label="Loading the appointments">
            <Loader size="sm" />
          </Center>
        ) : appointments.isError ? (
          <Alert color="red" title="The appointments could not be loaded" role="alert">
            {errorMessage(appointments.error)}
          </Alert>
        ) : appointments.data.length === 0 ? (
          <Text c="dimmed">{when === 'upcoming' ? 'No upcoming appointments.' : 'No appointments in the past year.'}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={when === 'upcoming' ? 'Upcoming appointments' : 'Past appointments'}>
            {appointments.data.map((a) => (
              <AppointmentRow key={a.appointmentId} appointment={a} contactId={contactId} onDialog={setDialog} />
            ))}
          </Stack>
        )}
      </Stack>
      <RescheduleAppointmentModal contactId={contactId} appointment={dialog?.kind === 'reschedule' ? dialog.appointment : null} onClose={close} />
      <CancelAppointmentModal contactId={contactId} appointment={dialog?.kind === 'cancel' ? dialog.appointment : null} onClose={close} />
      <SetAppointmentModal contactId={contactId} storeId={storeId} userId={userId} opened={dialog?.kind === 'set'} onClose={close} />
    </Paper>
  );
}

/** rowName names an appointment for people and assistive technology. */
function rowName(a: AppointmentView): string {
  return `${a.appointmentType} appointment, ${formatWhen(a)}`;
}

function AppointmentRow({ appointment: a, contactId, onDialog }: { appointment: AppointmentView; contactId: number; onDialog: (d: Dialog) => void }) {
  const change = useChangeAppointment(contactId);
  const name = rowName(a);
  const ref = { appointmentId: a.appointmentId, version: a.version };
  const run = (c: AppointmentChange, done: string) =>
    // A changed appointment can leave the list, and this row with it, before a per-call callback
    // would run: the promise of mutateAsync settles either way.
    change.mutateAsync(c).then(
      () => notify('success', done),
      (err: unknown) => notify('error', errorMessage(err)),
    );
  const quiet = a.status === 'Cancelled';

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="sm"
      aria-label={name}
      style={a.overlaps ? { borderLeft: '4px solid var(--mantine-color-orange-6)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} td={quiet ? 'line-through' : undefined}>
              {formatWhen(a)}
            </Text>
            <Badge variant="light" color="gray">
              {a.appointmentType}
            </Badge>
            <Badge variant="light" color={appointmentStatusColor(a.status)}>
              {appointmentStatusLabel(a.status)}
            </Badge>
            {a.overlaps && (
              <Badge variant="filled" color="orange" title="Another appointment of the same user overlaps this one">
                Overlaps
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {[`With ${a.assignedUserName || 'an unknown user'}`, a.storeName].filter(Boolean).join(' · ')}
          </Text>
          {a.note && <Text size="sm">{a.note}</Text>}
        </Stack>
        {a.canChange && (a.moves ?? []).length > 0 && (
          <Group gap="xs" wrap="wrap" role="group" aria-label={`Actions on ${name}`}>
            {canMove(a, 'Confirmed') && (
              <Button size="xs" variant="light" color="teal" loading={change.isPending} onClick={() => run({ action: 'confirm', ref }, 'Appointment confirmed.')}>
                Confirm
              </Button>
            )}
            {canMove(a, 'ConfirmationSent') && a.status !== 'ConfirmationSent' && (
              <Button size="xs" variant="subtle" color="cyan" loading={change.isPending} onClick={() => run({ action: 'confirmation_sent', ref }, 'Recorded that a confirmation was sent.')}>
                Confirmation sent
              </Button>
            )}
            {canMove(a, 'Completed') && (
              <Button size="xs" color="green" loading={change.isPending} onClick={() => run({ action: 'shown', ref }, 'The customer showed up: appointment completed.')}>
                Shown
              </Button>
            )}
            {canMove(a, 'NoShow') && new Date(a.startUtc) <= new Date() && (
              <Button size="xs" variant="light" color="orange" loading={change.isPending} onClick={() => run({ action: 'noshow', ref }, 'Appointment marked a no-show.')}>
                No-show
              </Button>
            )}
            {canMove(a, 'Rescheduled') && (
              <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'reschedule', appointment: a })}>
                Reschedule
              </Button>
            )}
            {canMove(a, 'Cancelled') && (
              <Button size="xs" variant="subtle" color="red" onClick={() => onDialog({ kind: 'cancel', appointment: a })}>
                Cancel
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Paper>
  );
}
