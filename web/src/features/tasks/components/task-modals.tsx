import { Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmModal, ErrorAlert, ModalActions, StoreTimeInput } from '../../../components/ui/modal-parts';
import { fieldErrorsOf, generalError } from '../../../lib/api/field-errors';
import type { TaskView } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useScheduleForm } from '../../../lib/schedule-form';
import { customerLeadsQueryOptions } from '../../leads';
import { useTaskAssignees } from '../api/task-assignees';
import { useChangeTask, useCreateTask } from '../api/task-changes';
import { dueError, TASK_TYPES, wallClock } from '../task-display';

type TaskModalProps = { contactId: number; task: TaskView | null; onClose: () => void };

/** RescheduleTaskModal moves a task's due time, chosen as its store's clocks read it. */
export function RescheduleTaskModal({ contactId, task, onClose }: TaskModalProps) {
  return (
    <Modal opened={task !== null} onClose={onClose} title="Reschedule task">
      {task && <RescheduleForm key={`${task.taskId}-${task.version}`} contactId={contactId} task={task} onClose={onClose} />}
    </Modal>
  );
}

function RescheduleForm({ contactId, task, onClose }: { contactId: number; task: TaskView; onClose: () => void }) {
  const [due, setDue] = useState(() => {
    const current = wallClock(new Date(task.taskDueDt), task.timeZone);
    const now = wallClock(new Date(), task.timeZone);
    return current < now ? '' : current;
  });
  const [checked, setChecked] = useState<string | null>(null);
  const mutation = useChangeTask(contactId);
  const fields = fieldErrorsOf(mutation.error);
  const save = () => {
    const problem = dueError(due, task.timeZone);
    setChecked(problem);
    if (problem) return;
    mutation.mutate(
      { action: 'reschedule', ref: { contactId, taskId: task.taskId, version: task.version }, localDueDt: due },
      {
        onSuccess: () => {
          notify('success', `Task rescheduled: ${task.taskName || task.taskType}.`);
          onClose();
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{task.taskName || task.taskType}</Text>
      <StoreTimeInput label="New due time" value={due} onChange={setDue} timeZone={task.timeZone} error={checked ?? fields.localDueDt} />
      <ErrorAlert message={generalError(mutation.error)} />
      <ModalActions onClose={onClose} action="Reschedule" onAction={save} loading={mutation.isPending} />
    </Stack>
  );
}

/** ReassignTaskModal gives a task to another user who may hold its store's tasks. */
export function ReassignTaskModal({ contactId, task, onClose }: TaskModalProps) {
  return (
    <Modal opened={task !== null} onClose={onClose} title="Reassign task">
      {task && <ReassignForm key={`${task.taskId}-${task.version}`} contactId={contactId} task={task} onClose={onClose} />}
    </Modal>
  );
}

function ReassignForm({ contactId, task, onClose }: { contactId: number; task: TaskView; onClose: () => void }) {
  const [userId, setUserId] = useState<string | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const users = useTaskAssignees(task.accountPlatformId);
  const mutation = useChangeTask(contactId);
  const fields = fieldErrorsOf(mutation.error);
  const options = (users.data?.users ?? []).filter((u) => u.userId !== task.assignedPandoUserId).map((u) => ({ value: u.userId, label: u.name }));
  const save = () => {
    if (!userId) {
      setChecked('Choose the user to assign the task to.');
      return;
    }
    setChecked(null);
    mutation.mutate(
      { action: 'reassign', ref: { contactId, taskId: task.taskId, version: task.version }, assignedPandoUserId: userId },
      {
        onSuccess: (saved) => {
          notify('success', `Task reassigned to ${saved.assignedUserName || 'the user'}.`);
          onClose();
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {task.taskName || task.taskType} · now assigned to {task.assignedUserName || 'an unknown user'}
      </Text>
      {users.isError && <ErrorAlert message={`The store's users could not be loaded: ${errorMessage(users.error)}`} />}
      <Select
        label="Assign to"
        description="Active users of the task's store who work customers"
        placeholder={users.isPending ? 'Loading users…' : 'Choose a user'}
        data={options}
        value={userId}
        onChange={setUserId}
        searchable
        disabled={users.isPending}
        error={checked ?? fields.assignedPandoUserId}
        nothingFoundMessage="No other user may hold this task"
      />
      <ErrorAlert message={generalError(mutation.error)} />
      <ModalActions onClose={onClose} action="Reassign" onAction={save} loading={mutation.isPending} />
    </Stack>
  );
}

/** CancelTaskModal asks before cancelling a task: a cancelled task cannot be reopened. */
export function CancelTaskModal({ contactId, task, onClose }: TaskModalProps) {
  const mutation = useChangeTask(contactId);
  return (
    <ConfirmModal
      title="Cancel task"
      keepLabel="Keep task"
      onClose={onClose}
      mutation={mutation}
      variables={task && { action: 'cancel', ref: { contactId, taskId: task.taskId, version: task.version } }}
      done={task ? `Task cancelled: ${task.taskName || task.taskType}.` : ''}
    >
      {task && `Cancel “${task.taskName || task.taskType}”? A cancelled task cannot be completed or reopened.`}
    </ConfirmModal>
  );
}

type AddTaskModalProps = { contactId: number; storeId: number; userId: string; opened: boolean; onClose: () => void };

/** AddTaskModal adds a task about the customer: its type, what to do, when, for whom and about which lead. */
export function AddTaskModal({ opened, onClose, ...props }: AddTaskModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add task">
      {opened && <AddTaskForm {...props} onClose={onClose} />}
    </Modal>
  );
}

function AddTaskForm({ contactId, storeId, userId, onClose }: Omit<AddTaskModalProps, 'opened'>) {
  const [type, setType] = useState<string | null>('Call');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [leadId, setLeadId] = useState<string | null>(null);
  const leads = useQuery(customerLeadsQueryOptions(contactId));
  const lead = (leads.data ?? []).find((l) => String(l.crmLeadId) === leadId);
  const taskStore = lead?.accountPlatformId ?? storeId;
  const users = useTaskAssignees(taskStore);
  const mutation = useCreateTask(contactId);
  // The due time is chosen as the task's store's clocks read it: its zone comes with its users.
  const { when: due, setWhen: setDue, assignee, setAssignee, timeZone, userOptions, fields, check } = useScheduleForm(userId, users.data, mutation.error);

  const leadOptions = (leads.data ?? []).map((l) => {
    const v = l.vehiclesOfInterest?.find((x) => x.isPrimary) ?? l.vehiclesOfInterest?.[0];
    const vehicle = v ? [v.year || '', v.make, v.model].filter(Boolean).join(' ') : '';
    return { value: String(l.crmLeadId), label: [`Lead #${l.crmLeadId}`, vehicle, l.leadStatusName].filter(Boolean).join(' · ') };
  });

  const save = () => {
    const problems: Record<string, string> = {};
    if (!type) problems.taskType = 'Choose the task type.';
    const dueProblem = dueError(due, timeZone);
    if (dueProblem) problems.localDueDt = dueProblem;
    if (!assignee) problems.assignedPandoUserId = 'Choose who is to do it.';
    if (!check(problems) || !type || !assignee) return;
    mutation.mutate(
      {
        contactId, taskType: type, taskName: name.trim() || undefined, taskDescription: description.trim() || undefined,
        localDueDt: due, assignedPandoUserId: assignee, entityId: lead ? lead.crmLeadId : undefined,
      },
      {
        onSuccess: (saved) => {
          notify('success', `Task added: ${saved.taskName}.`);
          onClose();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Select label="Type" data={[...TASK_TYPES]} value={type} onChange={setType} required error={fields.taskType} allowDeselect={false} />
      <TextInput label="Task" placeholder="What to do, in a few words" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} error={fields.taskName} />
      <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={2000} rows={2} error={fields.taskDescription} />
      <Select
        label="About lead"
        placeholder={leads.isPending ? 'Loading leads…' : 'No lead'}
        data={leadOptions}
        value={leadId}
        onChange={setLeadId}
        clearable
        error={fields.entityId}
      />
      <StoreTimeInput label="Due" value={due} onChange={setDue} timeZone={timeZone} error={fields.localDueDt} />
      <Select
        label="Assigned to"
        placeholder={users.isPending ? 'Loading users…' : 'Choose a user'}
        data={userOptions}
        value={assignee}
        onChange={setAssignee}
        searchable
        required
        disabled={users.isPending}
        error={fields.assignedPandoUserId}
        nothingFoundMessage="No user may hold this store's tasks"
      />
      <ErrorAlert message={generalError(mutation.error)} />
      <ModalActions onClose={onClose} action="Add task" onAction={save} loading={mutation.isPending} />
    </Stack>
  );
}
