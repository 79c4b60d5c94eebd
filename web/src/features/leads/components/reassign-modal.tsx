import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import type { PermittedUser } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';
import { useAssignLead, useReassignLead } from '../api/lead-assignments';
import { useStoreUsers } from '../api/store-users';
import { fieldErrorsOf, leadErrorMessage, type LeadRef } from '../lead-display';

/** userOptions are a store's users for a select, named with their main role. */
function userOptions(users: readonly PermittedUser[] | undefined) {
  return (users ?? []).map((u) => ({ value: u.UserId, label: u.PrimaryUserRole ? `${u.Name} (${u.PrimaryUserRole})` : u.Name }));
}

type ReassignModalProps = {
  lead: LeadRef | null;
  onClose: () => void;
};

/**
 * ReassignModal sets who holds a lead: its sales person and its BDC agent, each chosen among
 * the active users of the lead's store, or none.
 */
export function ReassignModal({ lead, onClose }: ReassignModalProps) {
  return (
    <Modal opened={lead !== null} onClose={onClose} title="Reassign lead">
      {lead && <ReassignForm key={lead.crmLeadId} lead={lead} onClose={onClose} />}
    </Modal>
  );
}

function ReassignForm({ lead, onClose }: { lead: LeadRef; onClose: () => void }) {
  const [salesPersonId, setSalesPersonId] = useState<string | null>(lead.salesPersonId || null);
  const [bdcAgentId, setBdcAgentId] = useState<string | null>(lead.bdcAgentId || null);
  const users = useStoreUsers(lead.accountPlatformId);
  const mutation = useReassignLead();

  const options = userOptions(users.data);
  const fields = fieldErrorsOf(mutation.error);
  const general = mutation.isError && Object.keys(fields).length === 0 ? leadErrorMessage(mutation.error) : null;

  const close = () => {
    mutation.reset();
    onClose();
  };
  const save = () => {
    mutation.mutate(
      { leadId: lead.crmLeadId, salesPersonId: salesPersonId ?? '', bdcAgentId: bdcAgentId ?? '' },
      {
        onSuccess: (saved) => {
          const names = [saved.salesPersonName, saved.bdcAgentName].filter(Boolean).join(' and ');
          notify('success', names ? `The lead is now held by ${names}.` : 'Nobody holds the lead now.');
          close();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {lead.contactName && <Text size="sm">{lead.contactName}</Text>}
      {users.isError && (
        <Alert color="red" role="alert">
          The store's users could not be loaded: {leadErrorMessage(users.error)}
        </Alert>
      )}
      <Select label="Sales person" placeholder="Nobody" data={options} value={salesPersonId} onChange={setSalesPersonId} clearable searchable error={fields.salesPersonId} disabled={users.isPending} />
      <Select label="BDC agent" placeholder="Nobody" data={options} value={bdcAgentId} onChange={setBdcAgentId} clearable searchable error={fields.bdcAgentId} disabled={users.isPending} />
      {general && (
        <Alert color="red" role="alert">
          {general}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button onClick={save} loading={mutation.isPending}>
          Save assignment
        </Button>
      </Group>
    </Stack>
  );
}

type AssignModalProps = {
  lead: LeadRef | null;
  onClose: () => void;
};

/**
 * AssignModal gives an unclaimed lead to one active user of its store. When someone claimed it
 * meanwhile the server refuses, and the modal says so.
 */
export function AssignModal({ lead, onClose }: AssignModalProps) {
  const [userId, setUserId] = useState<string | null>(null);
  const users = useStoreUsers(lead?.accountPlatformId ?? 0, lead !== null);
  const mutation = useAssignLead();
  const fields = fieldErrorsOf(mutation.error);
  const general = mutation.isError && Object.keys(fields).length === 0 ? leadErrorMessage(mutation.error) : null;

  const close = () => {
    setUserId(null);
    mutation.reset();
    onClose();
  };
  const save = () => {
    if (!lead || !userId) return;
    mutation.mutate(
      { leadId: lead.crmLeadId, userId },
      {
        onSuccess: (saved) => {
          notify('success', `The lead is assigned to ${saved.salesPersonName || saved.bdcAgentName || 'the user'}.`);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={lead !== null} onClose={close} title="Assign lead">
      {lead && (
        <Stack gap="sm">
          {lead.contactName && <Text size="sm">{lead.contactName}</Text>}
          <Select label="Assign to" placeholder="Choose a user" data={userOptions(users.data)} value={userId} onChange={setUserId} searchable error={fields.userId} disabled={users.isPending} />
          {general && (
            <Alert color="red" role="alert">
              {general}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={save} disabled={!userId} loading={mutation.isPending}>
              Assign
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
