import { Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { ConfirmModal, ErrorAlert, ModalActions, StoreTimeInput } from '../../../components/ui/modal-parts';
import { fieldErrorsOf, generalError } from '../../../lib/api/field-errors';
import type { AppointmentView } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useScheduleForm } from '../../../lib/schedule-form';
import { useAppointmentAssignees } from '../api/appointment-assignees';
import { useChangeAppointment, useSetAppointment } from '../api/appointment-changes';
import { APPOINTMENT_TYPES, DURATIONS, formatWhen, minutesOf, startError, wallClock } from '../appointment-display';

function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

const durationOptions = (current?: number) => {
  const all: number[] = [...DURATIONS];
  if (current && !all.includes(current)) all.push(current);
  return all.sort((a, b) => a - b).map((m) => ({ value: String(m), label: durationLabel(m) }));
};

type SetProps = { contactId: number; storeId: number; userId: string; opened: boolean; onClose: () => void };

/** SetAppointmentModal sets an appointment with the customer at the customer's store. */
export function SetAppointmentModal(props: SetProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Set appointment" size="lg">
      {props.opened && <SetForm {...props} />}
    </Modal>
  );
}

function SetForm({ contactId, storeId, userId, onClose }: SetProps) {
  const users = useAppointmentAssignees(storeId);
  const [type, setType] = useState<string | null>('Sales');
  const [minutes, setMinutes] = useState<string | null>('60');
  const [note, setNote] = useState('');
  const mutation = useSetAppointment(contactId);
  const { when: start, setWhen: setStart, assignee, setAssignee, timeZone, userOptions: options, fields, check } = useScheduleForm(userId, users.data, mutation.error);
  const save = () => {
    const problems: Record<string, string> = {};
    const startProblem = startError(start, timeZone);
    if (startProblem) problems.localStart = startProblem;
    if (!type) problems.appointmentType = 'Choose the appointment type.';
    if (!check(problems)) return;
    mutation.mutate(
      {
        contactId, accountPlatformId: storeId, appointmentType: type ?? 'Sales', localStart: start, durationMinutes: Number(minutes ?? 60),
        ...(assignee ? { assignedUserId: assignee } : {}), ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: (saved) => {
          notify('success', `Appointment set: ${saved.appointmentType}, ${formatWhen(saved)}.`);
          if (saved.overlaps) notify('warning', `${saved.assignedUserName || 'The user'} has another appointment at that time.`);
          onClose();
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      {users.isError && <ErrorAlert message={`The store's users could not be loaded: ${errorMessage(users.error)}`} />}
      <Select label="Type" data={[...APPOINTMENT_TYPES]} value={type} onChange={setType} allowDeselect={false} error={fields.appointmentType} required />
      <StoreTimeInput label="Starts" value={start} onChange={setStart} timeZone={timeZone} error={fields.localStart} />
      <Select label="Length" data={durationOptions()} value={minutes} onChange={setMinutes} allowDeselect={false} error={fields.durationMinutes} />
      <Select
        label="With"
        description="Active users of the store who work customers"
        placeholder={users.isPending ? 'Loading users…' : 'Choose a user'}
        data={options}
        value={assignee}
        onChange={setAssignee}
        searchable
        disabled={users.isPending}
        error={fields.assignedUserId}
        nothingFoundMessage="No user of the store works customers"
      />
      <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} rows={3} maxLength={2000} error={fields.note} />
      <ErrorAlert message={generalError(mutation.error)} />
      <ModalActions onClose={onClose} action="Set appointment" onAction={save} loading={mutation.isPending} />
    </Stack>
  );
}

type ChangeProps = { contactId: number; appointment: AppointmentView | null; onClose: () => void };

/** RescheduleAppointmentModal moves an appointment to another time (and user), chosen at its store. */
export function RescheduleAppointmentModal({ contactId, appointment, onClose }: ChangeProps) {
  return (
    <Modal opened={appointment !== null} onClose={onClose} title="Reschedule appointment">
      {appointment && <RescheduleForm key={`${appointment.appointmentId}-${appointment.version}`} contactId={contactId} appointment={appointment} onClose={onClose} />}
    </Modal>
  );
}

function RescheduleForm({ contactId, appointment: a, onClose }: { contactId: number; appointment: AppointmentView; onClose: () => void }) {
  const [start, setStart] = useState(() => (a.localStart < wallClock(new Date(), a.timeZone) ? '' : a.localStart));
  const [minutes, setMinutes] = useState<string | null>(String(minutesOf(a)));
  const [assignee, setAssignee] = useState<string | null>(a.assignedUserId);
  const [checked, setChecked] = useState<string | null>(null);
  const users = useAppointmentAssignees(a.accountPlatformId);
  const mutation = useChangeAppointment(contactId);
  const fields = fieldErrorsOf(mutation.error);
  const options = (users.data?.users ?? []).map((u) => ({ value: u.userId, label: u.name }));
  if (assignee && !options.some((o) => o.value === assignee)) options.push({ value: assignee, label: a.assignedUserName || assignee });
  const save = () => {
    const problem = startError(start, a.timeZone);
    setChecked(problem);
    if (problem) return;
    mutation.mutate(
      {
        action: 'reschedule', ref: { appointmentId: a.appointmentId, version: a.version }, localStart: start, durationMinutes: Number(minutes ?? 60),
        ...(assignee && assignee !== a.assignedUserId ? { assignedUserId: assignee } : {}),
      },
      {
        onSuccess: (saved) => {
          notify('success', `Appointment rescheduled: ${formatWhen(saved)}.`);
          if (saved.overlaps) notify('warning', `${saved.assignedUserName || 'The user'} has another appointment at that time.`);
          onClose();
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {a.appointmentType} · now {formatWhen(a)}
      </Text>
      <StoreTimeInput label="New start" value={start} onChange={setStart} timeZone={a.timeZone} error={checked ?? fields.localStart} />
      <Select label="Length" data={durationOptions(minutesOf(a))} value={minutes} onChange={setMinutes} allowDeselect={false} error={fields.durationMinutes} />
      <Select label="With" data={options} value={assignee} onChange={setAssignee} searchable allowDeselect={false} disabled={users.isPending} error={fields.assignedUserId} />
      <ErrorAlert message={generalError(mutation.error) ?? (fields.start || fields.end || null)} />
      <ModalActions onClose={onClose} action="Reschedule" onAction={save} loading={mutation.isPending} />
    </Stack>
  );
}

/** CancelAppointmentModal asks before cancelling an appointment: a cancelled one takes no more changes. */
export function CancelAppointmentModal({ contactId, appointment, onClose }: ChangeProps) {
  const mutation = useChangeAppointment(contactId);
  const a = appointment;
  return (
    <ConfirmModal
      title="Cancel appointment"
      keepLabel="Keep appointment"
      onClose={onClose}
      mutation={mutation}
      variables={a && { action: 'cancel', ref: { appointmentId: a.appointmentId, version: a.version } }}
      done={a ? `Appointment cancelled: ${a.appointmentType}, ${formatWhen(a)}.` : ''}
    >
      {a && `Cancel the ${a.appointmentType.toLowerCase()} appointment on ${formatWhen(a)}? A cancelled appointment cannot be rescheduled or confirmed.`}
    </ConfirmModal>
  );
}
