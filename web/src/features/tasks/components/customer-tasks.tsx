import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

import type { TaskView } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useContactTasks } from '../api/contact-tasks';
import { useChangeTask } from '../api/task-changes';
import { formatDue, isOpen, taskStatusColor, taskStatusLabel } from '../task-display';
import { AddTaskModal, CancelTaskModal, ReassignTaskModal, RescheduleTaskModal } from './task-modals';

type CustomerTasksProps = {
  contactId: number;
  /** The customer's store: a new task belongs to it unless it is about a lead of another. */
  storeId: number;
  /** Whether the user may edit the customer, and so add tasks about it. */
  canEdit: boolean;
  /** The signed-in user, who holds a new task unless another is chosen. */
  userId: string;
};

type Dialog = { kind: 'reschedule' | 'reassign' | 'cancel'; task: TaskView } | { kind: 'add' } | null;

/**
 * CustomerTasks is the profile's list of the customer's tasks: the open ones, and the completed
 * and cancelled ones on request, each with its due time in its store's time zone (overdue ones
 * stand out), who holds it and the lead it is about, and the actions the user may take on it.
 */
export function CustomerTasks({ contactId, storeId, canEdit, userId }: CustomerTasksProps) {
  const [showClosed, setShowClosed] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const tasks = useContactTasks(contactId, !showClosed);
  const titleId = useId();
  const close = () => setDialog(null);

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={titleId}>
            Tasks
          </Title>
          <Group gap="md" wrap="wrap">
            <Switch label="Show completed and cancelled" checked={showClosed} onChange={(e) => setShowClosed(e.currentTarget.checked)} />
            {canEdit && (
              <Button size="xs" onClick={() => setDialog({ kind: 'add' })}>
                Add task
              </Button>
            )}
          </Group>
        </Group>
        {tasks.isPending ? (
          <Center py="md" role="status" aria-label="Loading the tasks">
            <Loader size="sm" />
          </Center>
        ) : tasks.isError ? (
          <Alert color="red" title="The tasks could not be loaded" role="alert">
            {errorMessage(tasks.error)}
          </Alert>
        ) : tasks.data.length === 0 ? (
          <Text c="dimmed">{showClosed ? 'The customer has no tasks.' : 'No open tasks.'}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Customer tasks">
            {tasks.data.map((t) => (
              <TaskRow key={t.taskId} task={t} contactId={contactId} onDialog={setDialog} />
            ))}
          </Stack>
        )}
      </Stack>
      <RescheduleTaskModal contactId={contactId} task={dialog?.kind === 'reschedule' ? dialog.task : null} onClose={close} />
      <ReassignTaskModal contactId={contactId} task={dialog?.kind === 'reassign' ? dialog.task : null} onClose={close} />
      <CancelTaskModal contactId={contactId} task={dialog?.kind === 'cancel' ? dialog.task : null} onClose={close} />
      <AddTaskModal contactId={contactId} storeId={storeId} userId={userId} opened={dialog?.kind === 'add'} onClose={close} />
    </Paper>
  );
}

function TaskRow({ task, contactId, onDialog }: { task: TaskView; contactId: number; onDialog: (d: Dialog) => void }) {
  const complete = useChangeTask(contactId);
  const overdue = task.taskStatus === 'Overdue';
  const name = task.taskName || task.taskType;
  const about = task.lead ? [`Lead #${task.lead.crmLeadId}`, task.lead.vehicle].filter(Boolean).join(': ') : null;
  const ref = { contactId, taskId: task.taskId, version: task.version };

  // The completed task leaves the open list, and this row with it, before a per-call callback
  // would run: the promise of mutateAsync settles whether or not the row is still shown.
  const onComplete = () =>
    complete.mutateAsync({ action: 'complete', ref }).then(
      () => notify('success', `Task completed: ${name}.`),
      (err: unknown) => notify('error', errorMessage(err)),
    );

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="sm"
      aria-label={name}
      style={overdue ? { borderLeft: '4px solid var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{name}</Text>
            <Badge variant="light" color="gray">
              {task.taskType}
            </Badge>
            <Badge variant={overdue ? 'filled' : 'light'} color={taskStatusColor(task.taskStatus)}>
              {taskStatusLabel(task.taskStatus)}
            </Badge>
          </Group>
          <Text size="sm" c={overdue ? 'red.8' : undefined} fw={overdue ? 600 : undefined}>
            {overdue ? 'Overdue since ' : isOpen(task) ? 'Due ' : 'Was due '}
            {formatDue(task.taskDueDt, task.timeZone)}
          </Text>
          <Text size="sm" c="dimmed">
            {[`Assigned to ${task.assignedUserName || 'an unknown user'}`, about, task.storeName].filter(Boolean).join(' · ')}
          </Text>
          {task.taskDescription && <Text size="sm">{task.taskDescription}</Text>}
        </Stack>
        {task.canChange && (
          <Group gap="xs" wrap="wrap" role="group" aria-label={`Actions on ${name}`}>
            <Button size="xs" color="green" onClick={onComplete} loading={complete.isPending} aria-label={`Complete ${name}`}>
              Complete
            </Button>
            <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'reschedule', task })} aria-label={`Reschedule ${name}`}>
              Reschedule
            </Button>
            <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'reassign', task })} aria-label={`Reassign ${name}`}>
              Reassign
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => onDialog({ kind: 'cancel', task })} aria-label={`Cancel ${name}`}>
              Cancel
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
