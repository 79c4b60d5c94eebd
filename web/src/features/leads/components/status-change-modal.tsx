import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import { useTransitionLead } from '../api/lead-actions';
import { leadErrorMessage, type LeadChange, type LeadRef } from '../lead-display';
import { statusLabel, TRANSITION_LABELS, transitionsFrom, type LeadTransition } from '../lead-status';

type StatusChangeModalProps = {
  lead: LeadRef | null;
  onClose: () => void;
  /** Told of a saved change, with what the lead is now. */
  onChanged?: (change: LeadChange) => void;
};

/**
 * StatusChangeModal changes a lead's status through the transition the user picks among those
 * its status allows, with an optional reason. A refusal (someone changed the lead meanwhile)
 * shows the server's message and keeps the modal open.
 */
export function StatusChangeModal({ lead, onClose, onChanged }: StatusChangeModalProps) {
  const [transition, setTransition] = useState<LeadTransition | ''>('');
  const [reason, setReason] = useState('');
  const mutation = useTransitionLead();
  const options = lead ? transitionsFrom(lead.leadStatusId) : [];

  const close = () => {
    setTransition('');
    setReason('');
    mutation.reset();
    onClose();
  };
  const save = () => {
    if (!lead || transition === '') return;
    mutation.mutate(
      { leadId: lead.crmLeadId, transition, reason: reason.trim() },
      {
        onSuccess: (saved) => {
          const note = `Status changed to ${statusLabel(saved.displayStatusId)}.`;
          notify('success', `The lead is now ${statusLabel(saved.displayStatusId)}.`);
          onChanged?.({ crmLeadId: saved.crmLeadId, changes: saved, note });
          close();
        },
      },
    );
  };

  return (
    <Modal opened={lead !== null} onClose={close} title="Change lead status">
      {lead && (
        <Stack gap="sm">
          <Text size="sm">
            {lead.contactName || 'Customer'}: {statusLabel(lead.displayStatusId)}
          </Text>
          <Radio.Group label="New status" value={transition} onChange={(v) => setTransition(v as LeadTransition)}>
            <Stack gap={6} mt={6}>
              {options.map((t) => (
                <Radio key={t} value={t} label={TRANSITION_LABELS[t]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea label="Reason" maxLength={500} rows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          {mutation.isError && (
            <Alert color="red" role="alert">
              {leadErrorMessage(mutation.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={save} disabled={transition === ''} loading={mutation.isPending}>
              Save status
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
