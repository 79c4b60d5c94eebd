import { Alert, Button, Center, Group, Loader, Modal, Radio, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import type { StartResult, TemplateSummary } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';
import { useStartList, useStartProcess } from '../api/processes';
import { FORM_MESSAGES } from '../form-checks';

type StartProcessModalProps = {
  opened: boolean;
  contactId: number;
  /** The customer's store: only templates it may start are listed, and the process belongs to it. */
  storeId: number;
  onClose: () => void;
  /** onStarted is told of a started process (Outcome 0), to open its first step's form. */
  onStarted: (result: StartResult) => void;
};

/**
 * StartProcessModal is the "New process" modal: the templates the user may start for the
 * customer, the ones they started recently first, and a title. A start succeeds only when its
 * Outcome is 0; otherwise the user is told so and nothing changes.
 */
export function StartProcessModal({ opened, contactId, storeId, onClose, onStarted }: StartProcessModalProps) {
  const list = useStartList(storeId, opened);
  const start = useStartProcess(contactId);
  const [chosen, setChosen] = useState('');
  const [title, setTitle] = useState('');
  const [failure, setFailure] = useState('');
  const templates = list.data?.WorkflowTemplates ?? [];
  const recent = list.data?.Top5Recent ?? [];
  const picked = templates.find((t) => String(t.WorkflowTemplateId) === chosen);

  const close = () => {
    setChosen('');
    setTitle('');
    setFailure('');
    onClose();
  };
  const submit = async () => {
    if (!picked || start.isPending) return;
    setFailure('');
    try {
      const res = await start.mutateAsync({ templateId: picked.WorkflowTemplateId, storeId, body: { ContactId: contactId, Title: title.trim() || picked.Name } });
      if (res.Outcome !== 0) {
        setFailure(FORM_MESSAGES.startFailed);
        return;
      }
      notify('success', `${picked.Name} started.`);
      close();
      onStarted(res);
    } catch {
      setFailure(FORM_MESSAGES.startFailed);
    }
  };

  const group = (heading: string, items: TemplateSummary[], prefix: string) =>
    items.length > 0 && (
      <Stack gap={4}>
        <Title order={3} size="h6">
          {heading}
        </Title>
        {items.map((t) => (
          <Radio
            key={`${prefix}-${t.WorkflowTemplateId}`}
            value={String(t.WorkflowTemplateId)}
            label={t.Name}
            description={`${t.Description ? `${t.Description} ` : ''}(${t.StepCount} ${t.StepCount === 1 ? 'step' : 'steps'})`}
            aria-label={`${t.Name}${prefix === 'recent' ? ' (recent)' : ''}`}
          />
        ))}
      </Stack>
    );

  return (
    <Modal opened={opened} onClose={close} title="New process" size="md">
      {list.isPending ? (
        <Center py="md" role="status" aria-label="Loading the processes">
          <Loader size="sm" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" role="alert" title="The processes could not be loaded">
          {list.error.message}
        </Alert>
      ) : templates.length === 0 ? (
        <Text c="dimmed">No process can be started at this customer's store.</Text>
      ) : (
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Radio.Group
            label="Process"
            value={chosen}
            onChange={(v) => {
              setChosen(v);
              setFailure('');
            }}
          >
            <ScrollArea.Autosize mah={320} mt="xs">
              <Stack gap="md">
                {group('Recently started', recent, 'recent')}
                {group('All processes', templates, 'all')}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
          <TextInput label="Title" placeholder={picked?.Name ?? 'The process name'} maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={!picked} loading={start.isPending}>
              Start
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
