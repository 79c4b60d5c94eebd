import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

import type { ProcessView } from '../../../lib/api/types';
import { type FormSource, useContactProcesses } from '../api/processes';
import { formatWhen, lastSubmittedStep, PROCESS_STATUS, processStatusColor } from '../process-display';
import { FormTakerModal } from './form-taker';
import { StartProcessModal } from './start-process-modal';

type CustomerProcessesProps = {
  contactId: number;
  /** The customer's store, where a new process is started. */
  storeId: number;
  /** Whether the user may edit the customer, and so start and fill in its processes. */
  canEdit: boolean;
  /** The signed-in user. */
  userId: string;
};

/**
 * CustomerProcesses is the profile's list of the customer's processes: each with its status, the
 * step it is at and its progress, the open step's form to fill in and the last submitted one to
 * read; "New process" starts one and opens its first form.
 */
export function CustomerProcesses({ contactId, storeId, canEdit, userId }: CustomerProcessesProps) {
  const processes = useContactProcesses(contactId);
  const [starting, setStarting] = useState(false);
  const [form, setForm] = useState<FormSource | null>(null);
  const titleId = useId();

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={titleId}>
            Processes
          </Title>
          {canEdit && (
            <Button size="xs" onClick={() => setStarting(true)}>
              New process
            </Button>
          )}
        </Group>
        {processes.isPending ? (
          <Center py="md" role="status" aria-label="Loading the processes">
            <Loader size="sm" />
          </Center>
        ) : processes.isError ? (
          <Alert color="red" title="The processes could not be loaded" role="alert">
            {processes.error.message}
          </Alert>
        ) : processes.data.length === 0 ? (
          <Text c="dimmed">No processes yet.</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Customer processes">
            {processes.data.map((p) => (
              <ProcessRow key={p.ProcessId} process={p} canEdit={canEdit} onOpen={setForm} />
            ))}
          </Stack>
        )}
      </Stack>
      <StartProcessModal
        opened={starting}
        contactId={contactId}
        storeId={storeId}
        onClose={() => setStarting(false)}
        onStarted={(res) => res.Process?.CurrentStepInstanceId && setForm({ mode: 'step', stepId: res.Process.CurrentStepInstanceId })}
      />
      <FormTakerModal source={form} contactId={contactId} storeId={storeId} userId={userId} onClose={() => setForm(null)} />
    </Paper>
  );
}

function ProcessRow({ process: p, canEdit, onOpen }: { process: ProcessView; canEdit: boolean; onOpen: (s: FormSource) => void }) {
  const steps = p.Steps?.length ?? 0;
  const last = lastSubmittedStep(p);
  const status = PROCESS_STATUS[p.Status] ?? p.StatusText;
  return (
    <Paper component="li" withBorder p="sm" radius="sm" aria-label={`${p.Title}: ${status}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{p.Title}</Text>
            <Badge color={processStatusColor(p.Status)} variant="light">
              {status}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {p.TemplateName !== p.Title ? `${p.TemplateName} · ` : ''}
            {p.StepsDone} of {steps} steps done{p.CurrentStepName ? ` · next: ${p.CurrentStepName}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            Started {formatWhen(p.StartedAt)}
            {p.CompletedAt ? ` · completed ${formatWhen(p.CompletedAt)}` : ''}
            {p.StoreName ? ` · ${p.StoreName}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {last && (
            <Button size="xs" variant="default" onClick={() => onOpen({ mode: 'step', stepId: last, view: true })} aria-label={`View the answers of ${p.Title}`}>
              View answers
            </Button>
          )}
          {canEdit && p.CurrentStepInstanceId && (
            <Button size="xs" onClick={() => onOpen({ mode: 'step', stepId: p.CurrentStepInstanceId })} aria-label={`Fill in ${p.CurrentStepName} of ${p.Title}`}>
              Fill in {p.CurrentStepName}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
