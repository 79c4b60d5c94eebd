import { Alert, Badge, Button, CloseButton, Group, List, Loader, Modal, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import type { MergeContact, MergeSession } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { formatPhone } from '../../../lib/phone';
import { useContact } from '../../contacts';
import { useDeleteMergeSession } from '../api/delete-merge-session';
import { useExecuteMerge } from '../api/execute-merge';
import { useMergeSession } from '../api/get-merge-session';
import { useRemoveFromMerge } from '../api/remove-from-merge';
import { useSimulateMerge } from '../api/simulate-merge';

type MergeFooterProps = {
  /** The address of a customer's profile, opened on the survivor after a merge. */
  profilePath: (contactId: number) => string;
};

/**
 * MergeFooter is the contact merge sticky footer: the customers of the user's merge session
 * (at most two), with removing each, deleting the session, and the merge itself (a preview of
 * the merged customer with the choice of the one that survives, then the merge).
 */
export function MergeFooter({ profilePath }: MergeFooterProps) {
  const session = useMergeSession();
  const remove = useRemoveFromMerge();
  const del = useDeleteMergeSession();
  const [merging, setMerging] = useState(false);

  const data = session.data;
  const ids = (data?.contacts ?? []).map((c) => c.contactId);
  if (!data || ids.length === 0) return null;

  return (
    <Paper
      component="section"
      aria-labelledby="merge-footer-title"
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 5 }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h6" id="merge-footer-title">
            Customer merge
          </Title>
          <Text size="sm" c="dimmed">
            {ids.length} of 2 selected
          </Text>
          {ids.map((id) => (
            <MemberChip key={id} contactId={id} onRemove={() => remove.mutate(id)} removing={remove.isPending && remove.variables === id} />
          ))}
        </Group>
        <Group gap="xs">
          <Button variant="subtle" color="red" loading={del.isPending} onClick={() => del.mutate({ accountPlatformId: data.accountPlatformId })}>
            Delete session
          </Button>
          <Button disabled={ids.length < 2} onClick={() => setMerging(true)}>
            Merge
          </Button>
        </Group>
      </Group>
      {merging && ids.length === 2 ? (
        <MergeModal session={data} onClose={() => setMerging(false)} profilePath={profilePath} />
      ) : null}
    </Paper>
  );
}

function MemberChip({ contactId, onRemove, removing }: { contactId: number; onRemove: () => void; removing: boolean }) {
  const contact = useContact(contactId);
  const name = contact.data ? [contact.data.firstName, contact.data.lastName].filter(Boolean).join(' ') || contact.data.businessName || `Customer #${contactId}` : `Customer #${contactId}`;
  return (
    <Badge
      size="lg"
      variant="light"
      tt="none"
      rightSection={<CloseButton size="xs" aria-label={`Remove ${name} from the merge`} disabled={removing} onClick={onRemove} />}
    >
      {name} · #{contactId}
    </Badge>
  );
}

function MergeModal({ session, onClose, profilePath }: { session: MergeSession; onClose: () => void; profilePath: (id: number) => string }) {
  const ids = (session.contacts ?? []).map((c) => c.contactId);
  const [survivor, setSurvivor] = useState<number>(ids[0] ?? 0);
  const preview = useSimulateMerge(session.id, survivor, true);
  const execute = useExecuteMerge();
  const navigate = useNavigate();

  return (
    <Modal opened onClose={onClose} title="Merge customers" size="xl">
      <Stack gap="md">
        <Radio.Group label="Customer to keep" value={String(survivor)} onChange={(v) => setSurvivor(Number(v))}>
          <Group mt="xs">
            {ids.map((id) => (
              <SurvivorOption key={id} contactId={id} />
            ))}
          </Group>
        </Radio.Group>
        {preview.isPending ? (
          <Group role="status" aria-label="Simulating the merge">
            <Loader size="sm" />
          </Group>
        ) : preview.isError ? (
          <Alert color="red" role="alert" title="The merge could not be simulated">
            {errorMessage(preview.error)}
          </Alert>
        ) : (
          <MergePreview survivor={preview.data.survivor} merged={preview.data.merged} changes={preview.data.changes ?? []} />
        )}
        {execute.isError ? (
          <Alert color="red" role="alert" title="The customers were not merged">
            {errorMessage(execute.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!preview.isSuccess}
            loading={execute.isPending}
            onClick={() =>
              execute.mutate(survivor, {
                onSuccess: (result) => {
                  notify('success', 'The customers were merged.');
                  onClose();
                  navigate(profilePath(result.survivor.contactId));
                },
              })
            }
          >
            Merge customers
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SurvivorOption({ contactId }: { contactId: number }) {
  const contact = useContact(contactId);
  const name = contact.data ? [contact.data.firstName, contact.data.lastName].filter(Boolean).join(' ') || contact.data.businessName : '';
  return <Radio value={String(contactId)} label={`${name || 'Customer'} (#${contactId})`} />;
}

function MergePreview({ survivor, merged, changes }: { survivor: MergeContact; merged: MergeContact; changes: { field: string; oldValue: string; newValue: string }[] }) {
  const name = [survivor.firstName, survivor.middleName, survivor.lastName].filter(Boolean).join(' ') || survivor.businessName || '';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Merged customer">
      <Title order={3} size="h5" mb="xs">
        {name} (#{survivor.contactId}) keeps customer #{merged.contactId}&apos;s details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Phones
          </Text>
          <List size="sm" aria-label="Merged phones">
            {(survivor.phones ?? []).map((p) => (
              <List.Item key={`${p.countryCode}-${p.phone}-${p.ext}`}>{formatPhone(p.phone, p.ext ?? '', p.countryCode ?? '')}</List.Item>
            ))}
          </List>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            E-mail addresses
          </Text>
          <List size="sm" aria-label="Merged e-mail addresses">
            {(survivor.emails ?? []).map((e) => (
              <List.Item key={e.email}>{e.email}</List.Item>
            ))}
          </List>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Addresses
          </Text>
          <List size="sm" aria-label="Merged addresses">
            {(survivor.addresses ?? []).map((a) => (
              <List.Item key={`${a.line1}-${a.zip}`}>{[a.line1, a.city, a.state, a.zip].filter(Boolean).join(', ')}</List.Item>
            ))}
          </List>
        </Stack>
      </SimpleGrid>
      {changes.length > 0 ? (
        <>
          <Text size="sm" fw={600} mt="sm">
            Changes to the customer kept
          </Text>
          <List size="sm" aria-label="Merge changes">
            {changes.map((c) => (
              <List.Item key={c.field}>
                {c.field}: {c.oldValue || '—'} → {c.newValue || '—'}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Paper>
  );
}
