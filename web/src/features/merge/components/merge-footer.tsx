import { Alert, Badge, Button, CloseButton, Group, List, Loader, Modal, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import type { MergeContact, MergeMemberDetails, MergeSession, MergeSessionMember } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { formatPhone } from '../../../lib/phone';
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
  const members = data?.contacts ?? [];
  const ids = members.map((c) => c.contactId);
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
          {members.map((m) => (
            <MemberChip
              key={m.contactId}
              member={m}
              others={members}
              onRemove={() => remove.mutate(m.contactId)}
              removing={remove.isPending && remove.variables === m.contactId}
            />
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

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

/** memberName is a customer's name in the merge, or what is known when it cannot be read. */
function memberName(m: MergeSessionMember | undefined): string {
  // details is null for a customer merged or removed meanwhile.
  const details = m?.details as MergeMemberDetails | null | undefined;
  return details?.name || 'Customer no longer available';
}

/**
 * describe names a customer of the merge so that it is not taken for the other: its name, and
 * when the other has the same name, when it was created (or its first phone or e-mail).
 */
function describe(m: MergeSessionMember | undefined, members: readonly MergeSessionMember[]): string {
  const name = memberName(m);
  const twin = members.find((o) => o.contactId !== m?.contactId && memberName(o) === name);
  if (!m || !twin || !m.details) return name;
  const created = formatDate(m.details.created);
  if (created && created !== formatDate(twin.details?.created)) return `${name}, created ${created}`;
  const reach = m.details.phones?.[0] || m.details.emails?.[0];
  return reach ? `${name}, ${reach}` : name;
}

function MemberChip({
  member,
  others,
  onRemove,
  removing,
}: {
  member: MergeSessionMember;
  others: readonly MergeSessionMember[];
  onRemove: () => void;
  removing: boolean;
}) {
  const name = memberName(member);
  const label = describe(member, others);
  return (
    <Badge
      size="lg"
      variant="light"
      tt="none"
      rightSection={<CloseButton size="xs" aria-label={`Remove ${label} from the merge`} disabled={removing} onClick={onRemove} />}
    >
      {label === name ? name : label}
    </Badge>
  );
}

function MergeModal({ session, onClose, profilePath }: { session: MergeSession; onClose: () => void; profilePath: (id: number) => string }) {
  const members = session.contacts ?? [];
  const ids = members.map((c) => c.contactId);
  const [survivor, setSurvivor] = useState<number>(ids[0] ?? 0);
  const preview = useSimulateMerge(session.id, survivor, true);
  const execute = useExecuteMerge();
  const navigate = useNavigate();

  return (
    <Modal opened onClose={onClose} title="Merge customers" size="xl">
      <Stack gap="md">
        <Radio.Group
          label="Customer to keep"
          description="The other customer's phones, e-mail addresses, vehicles, leads, notes, tasks and activity move to the one kept."
          value={String(survivor)}
          onChange={(v) => setSurvivor(Number(v))}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {members.map((m) => (
              <SurvivorOption key={m.contactId} member={m} label={describe(m, members)} checked={m.contactId === survivor} />
            ))}
          </SimpleGrid>
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
          <MergePreview
            keep={describe(members.find((m) => m.contactId === preview.data.survivor.contactId), members)}
            other={describe(members.find((m) => m.contactId === preview.data.merged.contactId), members)}
            survivor={preview.data.survivor}
            changes={preview.data.changes ?? []}
          />
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

/** SurvivorOption is a customer to keep, with what tells it apart from the other. */
function SurvivorOption({ member, label, checked }: { member: MergeSessionMember; label: string; checked: boolean }) {
  const d = member.details as MergeMemberDetails | null;
  const labelId = `merge-survivor-${member.contactId}`;
  return (
    <Radio.Card value={String(member.contactId)} radius="md" p="md" aria-labelledby={labelId} withBorder>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator checked={checked} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} id={labelId}>
            Keep {label}
          </Text>
          {d ? <MemberFacts details={d} /> : <Text size="sm" c="dimmed">This customer can no longer be read.</Text>}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

function MemberFacts({ details: d }: { details: MergeMemberDetails }) {
  const facts: [string, string][] = [
    ['Store', d.storeName || '—'],
    ['Phones', (d.phones ?? []).join(', ') || 'None'],
    ['E-mail', (d.emails ?? []).join(', ') || 'None'],
    ['Address', d.address || 'None'],
    ['Created', [formatDate(d.created), d.createdBy ? `by ${d.createdBy}` : ''].filter(Boolean).join(' ') || '—'],
    ['Last activity', formatDate(d.lastActivity) || 'None recorded'],
    ['Open leads', d.leads > 0 ? `${d.openLeads} of ${d.leads}` : 'None'],
  ];
  return (
    <SimpleGrid cols={2} spacing={4} verticalSpacing={2} component="dl" m={0} style={{ gridTemplateColumns: 'auto 1fr' }}>
      {facts.map(([term, value]) => (
        <Group key={term} gap={0} display="contents">
          <Text component="dt" size="xs" c="dimmed">
            {term}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

function MergePreview({
  keep,
  other,
  survivor,
  changes,
}: {
  keep: string;
  other: string;
  survivor: MergeContact;
  changes: { field: string; oldValue: string; newValue: string }[];
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Merged customer">
      <Title order={3} size="h5" mb="xs">
        {keep} is kept, with the details of {other}
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
