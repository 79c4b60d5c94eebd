import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import { useLeadSources } from '../api/lead-sources';
import { useEditLead } from '../api/save-lead';
import { fieldErrorsOf, leadErrorMessage, type LeadRef } from '../lead-display';

type TypeSourceModalProps = {
  lead: LeadRef | null;
  onClose: () => void;
};

const NO_SOURCE = '0';

/**
 * TypeSourceModal changes a lead's type and source, chosen among its store's types and
 * sources, and its comments, at the version the user saw: a lead someone changed meanwhile is
 * refused, and the modal says so. The server's refusals show on the fields they name, or above the buttons.
 */
export function TypeSourceModal({ lead, onClose }: TypeSourceModalProps) {
  return (
    <Modal opened={lead !== null} onClose={onClose} title="Change lead type and source">
      {lead && <TypeSourceForm key={lead.crmLeadId} lead={lead} onClose={onClose} />}
    </Modal>
  );
}

function TypeSourceForm({ lead, onClose }: { lead: LeadRef; onClose: () => void }) {
  const [typeId, setTypeId] = useState<string | null>(String(lead.leadTypeId || 1));
  const [sourceId, setSourceId] = useState<string | null>(String(lead.leadSourceId || 0));
  const sources = useLeadSources([lead.accountPlatformId]);
  const [comments, setComments] = useState(lead.comments ?? '');
  // The version the user edits: a lead changed after the form opened is refused, not overwritten.
  const [version] = useState(lead.version);
  const mutation = useEditLead();

  const store = sources.data?.find((s) => s.accountPlatformId === lead.accountPlatformId) ?? sources.data?.[0];
  const typeOptions = (store?.leadTypes ?? []).map((t) => ({ value: String(t.leadTypeId), label: t.name }));
  const sourceOptions = [{ value: NO_SOURCE, label: 'No source' }, ...(store?.leadSources ?? []).map((s) => ({ value: String(s.leadSourceId), label: s.name }))];
  const fields = fieldErrorsOf(mutation.error);
  const general = mutation.isError && Object.keys(fields).length === 0 ? leadErrorMessage(mutation.error) : null;

  const close = () => {
    mutation.reset();
    onClose();
  };
  const save = () => {
    if (!typeId) return;
    mutation.mutate(
      { crmLeadId: lead.crmLeadId, version, leadTypeId: Number(typeId), leadSourceId: Number(sourceId ?? NO_SOURCE), comments: comments.trim() },
      {
        onSuccess: () => {
          notify('success', 'The lead type and source are saved.');
          close();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {lead.contactName && <Text size="sm">{lead.contactName}</Text>}
      <Select label="Lead type" data={typeOptions} value={typeId} onChange={setTypeId} allowDeselect={false} error={fields.leadTypeId} disabled={sources.isPending} />
      <Select label="Lead source" data={sourceOptions} value={sourceId} onChange={setSourceId} allowDeselect={false} error={fields.leadSourceId} disabled={sources.isPending} />
      <Textarea label="Comments" maxLength={4000} rows={3} value={comments} onChange={(e) => setComments(e.currentTarget.value)} error={fields.comments} />
      {general && (
        <Alert color="red" role="alert">
          {general}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button onClick={save} disabled={!typeId} loading={mutation.isPending}>
          Save type and source
        </Button>
      </Group>
    </Stack>
  );
}
