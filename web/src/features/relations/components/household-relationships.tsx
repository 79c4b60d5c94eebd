import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import type { Contact, ContactMatch, HouseholdMember, RoleAssignment, RoleChange } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { useContactSearch } from '../../contacts';
import { useUsers } from '../../users';
import { useAssignments, useSetAssignments } from '../api/assignments';
import { useChangeLink, useEnterpriseValue, useLinkedContacts, usePotentialLinks } from '../api/enterprise';
import { useAddHouseholdMembers, useHousehold, useRemoveHouseholdMember } from '../api/household';
import { useRemoveContactTag } from '../api/remove-tag';
import { useTagDefinitions } from '../api/tag-definitions';

type HouseholdRelationshipsProps = {
  contact: Contact;
  /** Whether the signed-in user may change the customer. */
  canEdit: boolean;
  /** The address of a customer's profile, for the links to members and linked records. */
  profilePath: (contactId: number) => string;
};

/** The relationships a household member can have to the customer. */
export const RELATIONSHIPS = ['Spouse', 'Partner', 'Child', 'Parent', 'Sibling', 'Other'] as const;

/**
 * HouseholdRelationships shows a customer's household (with co-buyers) and the users assigned
 * to the customer by role, and lets a user who may edit the customer change both.
 */
export function HouseholdRelationships({ contact, canEdit, profilePath }: HouseholdRelationshipsProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="household-relationships-title">
      <Stack gap="lg">
        <Title order={2} size="h4" id="household-relationships-title">
          Household &amp; relationships
        </Title>
        <Household contactId={contact.id ?? 0} canEdit={canEdit} profilePath={profilePath} />
        <LinkedRecords contactId={contact.id ?? 0} canEdit={canEdit} profilePath={profilePath} />
        <Tags contact={contact} canEdit={canEdit} />
        <Assignments contact={contact} canEdit={canEdit} />
      </Stack>
    </Paper>
  );
}

function memberName(m: HouseholdMember): string {
  const c = m.contact;
  return c.fullName || [c.firstName, c.lastName].filter(Boolean).join(' ') || c.businessName || `Customer ${m.memberId}`;
}

function Household({ contactId, canEdit, profilePath }: { contactId: number; canEdit: boolean; profilePath: HouseholdRelationshipsProps['profilePath'] }) {
  const household = useHousehold(contactId);
  const remove = useRemoveHouseholdMember();
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="xs" component="section" aria-label="Household members">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Household members
        </Title>
        {canEdit && !adding ? (
          <Button size="xs" variant="light" onClick={() => setAdding(true)}>
            Add household member
          </Button>
        ) : null}
      </Group>
      {household.isPending ? (
        <Loader size="xs" aria-label="Loading household members" />
      ) : household.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(household.error)}
        </Alert>
      ) : household.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No household members.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Relationship</Table.Th>
              <Table.Th>Contact</Table.Th>
              {canEdit ? <Table.Th aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {household.data.map((m) => (
              <Table.Tr key={m.memberId}>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor component={Link} to={profilePath(m.memberId)}>
                      {memberName(m)}
                    </Anchor>
                    {m.isCoBuyer ? (
                      <Badge size="sm" color="grape" variant="light">
                        Co-buyer
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{m.relationship || '—'}</Table.Td>
                <Table.Td>{m.contact.phone || m.contact.email || '—'}</Table.Td>
                {canEdit ? (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${memberName(m)} from the household`}
                      loading={remove.isPending && remove.variables?.memberId === m.memberId}
                      onClick={() => remove.mutate({ contactId, memberId: m.memberId })}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {adding ? (
        <AddMember
          contactId={contactId}
          existing={household.data?.map((m) => m.memberId) ?? []}
          onDone={() => setAdding(false)}
        />
      ) : null}
    </Stack>
  );
}

function matchLabel(m: ContactMatch): string {
  const name = m.fullName || [m.firstName, m.lastName].filter(Boolean).join(' ') || m.businessName;
  const detail = m.phone || m.email;
  return detail ? `${name} (${detail})` : name;
}

function AddMember({ contactId, existing, onDone }: { contactId: number; existing: number[]; onDone: () => void }) {
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const [coBuyer, setCoBuyer] = useState(false);
  const [relationship, setRelationship] = useState<string | null>(null);
  const search = useContactSearch({ term, pageSize: 10 });
  const add = useAddHouseholdMembers();
  const candidates = (search.data?.results ?? []).filter((m) => m.contactId !== contactId && !existing.includes(m.contactId));

  const find = (e: FormEvent) => {
    e.preventDefault();
    setTerm(draft.trim());
  };

  return (
    <Paper withBorder p="sm" radius="sm" aria-label="Add a household member" component="section">
      <Stack gap="xs">
        <form onSubmit={find}>
          <Group align="end" gap="xs">
            <TextInput
              label="Find a customer"
              description="Name, e-mail address or phone"
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </form>
        <Group gap="md">
          <Select
            label="Relationship"
            placeholder="Choose"
            data={[...RELATIONSHIPS]}
            value={relationship}
            onChange={setRelationship}
            clearable
          />
          <Checkbox label="Co-buyer" checked={coBuyer} onChange={(e) => setCoBuyer(e.currentTarget.checked)} mt="lg" />
        </Group>
        {search.isFetching ? <Loader size="xs" aria-label="Searching customers" /> : null}
        {search.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(search.error)}
          </Alert>
        ) : null}
        {term && search.isSuccess && candidates.length === 0 ? (
          <Text size="sm" c="dimmed">
            No customers found.
          </Text>
        ) : null}
        <Stack gap={4} role="list" aria-label="Customers found">
          {candidates.map((m) => (
            <Group key={m.contactId} justify="space-between" role="listitem">
              <Text size="sm">{matchLabel(m)}</Text>
              <Button
                size="xs"
                aria-label={`Add ${matchLabel(m)} to the household`}
                loading={add.isPending && add.variables?.members[0]?.contactId === m.contactId}
                onClick={() =>
                  add.mutate(
                    { contactId, members: [{ contactId: m.contactId, isCoBuyer: coBuyer, relationship: relationship ?? '' }] },
                    { onSuccess: onDone },
                  )
                }
              >
                Add
              </Button>
            </Group>
          ))}
        </Stack>
        <Group justify="end">
          <Button variant="subtle" size="xs" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function summaryName(c: HouseholdMember['contact']): string {
  return c.fullName || [c.firstName, c.lastName].filter(Boolean).join(' ') || c.businessName || `Customer ${c.contactId}`;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

function LinkedRecords({ contactId, canEdit, profilePath }: { contactId: number; canEdit: boolean; profilePath: HouseholdRelationshipsProps['profilePath'] }) {
  const linked = useLinkedContacts(contactId);
  const potential = usePotentialLinks(contactId);
  const value = useEnterpriseValue(contactId);
  const change = useChangeLink();
  const busy = (id: number) => change.isPending && change.variables?.linkedContactId === id;

  return (
    <Stack gap="xs" component="section" aria-label="Linked customers">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Linked customers at other stores
        </Title>
        {value.data ? (
          <Text size="sm" c="dimmed">
            Lifetime value across the group: {money.format(value.data.totalValue)}
          </Text>
        ) : null}
      </Group>
      {linked.isPending ? (
        <Loader size="xs" aria-label="Loading linked customers" />
      ) : linked.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(linked.error)}
        </Alert>
      ) : linked.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No linked customers.
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="Linked records">
          {linked.data.map((l) => (
            <Group key={l.contact.contactId} justify="space-between" role="listitem">
              <Anchor component={Link} to={profilePath(l.contact.contactId)} size="sm">
                {summaryName(l.contact)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {money.format(l.storeSalesValue + l.storeServiceValue)}
              </Text>
              {canEdit ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Unlink ${summaryName(l.contact)}`}
                  loading={busy(l.contact.contactId)}
                  onClick={() => change.mutate({ contactId, linkedContactId: l.contact.contactId, link: false })}
                >
                  Unlink
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      {canEdit && (potential.data ?? []).length > 0 ? (
        <Stack gap={4} role="list" aria-label="Possible matches">
          <Text size="sm" fw={500}>
            Possibly the same customer
          </Text>
          {(potential.data ?? []).map((p) => (
            <Group key={p.contact.contactId} justify="space-between" role="listitem">
              <Text size="sm">
                {summaryName(p.contact)} · same {p.matchedOn === 'email' ? 'e-mail' : 'phone'} {p.matchedValue}
              </Text>
              <Button
                size="xs"
                variant="light"
                aria-label={`Link ${summaryName(p.contact)}`}
                loading={busy(p.contact.contactId)}
                onClick={() => change.mutate({ contactId, linkedContactId: p.contact.contactId, link: true })}
              >
                Link
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Tags({ contact, canEdit }: { contact: Contact; canEdit: boolean }) {
  const remove = useRemoveContactTag();
  const definitions = useTagDefinitions({ enabled: (contact.tags ?? []).length > 0 });
  const byId = new Map((definitions.data ?? []).map((d) => [d.tagId, d]));
  // The group's definition names the tag; the name saved on the customer is the fallback.
  const tags = (contact.tags ?? []).map((tag) => {
    const def = byId.get(tag.tagId);
    return { ...tag, name: def?.name || tag.name, color: def?.color || undefined };
  });
  return (
    <Stack gap="xs" component="section" aria-label="Tags">
      <Title order={3} size="h5">
        Tags
      </Title>
      {tags.length === 0 ? (
        <Text c="dimmed" size="sm">
          No tags.
        </Text>
      ) : (
        <Group gap="xs" role="list" aria-label="Customer tags">
          {tags.map((tag) => (
            <Badge
              key={tag.tagId}
              role="listitem"
              variant="light"
              size="lg"
              color={tag.color}
              rightSection={
                canEdit ? (
                  <CloseButton
                    size="xs"
                    aria-label={`Remove tag ${tag.name || tag.tagId}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ contactId: contact.id ?? 0, tagId: tag.tagId })}
                  />
                ) : null
              }
            >
              {tag.name || `Tag ${tag.tagId}`}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function Assignments({ contact, canEdit }: { contact: Contact; canEdit: boolean }) {
  const contactId = contact.id ?? 0;
  const assignments = useAssignments(contactId);
  const users = useUsers({ includeInactive: false });
  const save = useSetAssignments();
  const [draft, setDraft] = useState<Record<string, string>>({});

  if (assignments.isPending) return <Loader size="xs" aria-label="Loading assignments" />;
  if (assignments.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(assignments.error)}
      </Alert>
    );
  }
  const storeUsers = (users.data ?? []).filter((u) => (u.AccountPlatformIDs ?? []).includes(contact.accountPlatformId ?? 0));
  const options = storeUsers.map((u) => ({ value: u.UserId, label: u.Name || `${u.FirstName} ${u.LastName}` }));
  const rows = assignments.data.assignments ?? [];
  const current = (a: RoleAssignment) => draft[a.role] ?? a.userId;
  const changes: RoleChange[] = rows
    .filter((a) => draft[a.role] !== undefined && draft[a.role] !== a.userId)
    .map((a) => ({ role: a.role, userId: draft[a.role] ?? '' }));

  return (
    <Stack gap="xs" component="section" aria-label="Assigned users">
      <Title order={3} size="h5">
        Assigned users
      </Title>
      <Table>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.role}>
              <Table.Th scope="row" w={180}>
                {a.roleName}
              </Table.Th>
              <Table.Td>
                {canEdit ? (
                  <Select
                    aria-label={a.roleName}
                    placeholder="Nobody"
                    size="xs"
                    data={
                      a.userId && !options.some((o) => o.value === a.userId)
                        ? [{ value: a.userId, label: a.userName || a.userId }, ...options]
                        : options
                    }
                    value={current(a) || null}
                    onChange={(v) => setDraft((d) => ({ ...d, [a.role]: v ?? '' }))}
                    clearable
                    searchable
                  />
                ) : (
                  <Text size="sm">{a.userName || a.userId || 'Nobody'}</Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canEdit ? (
        <Group justify="end">
          <Button
            size="xs"
            disabled={changes.length === 0}
            loading={save.isPending}
            onClick={() => save.mutate({ contactId, assignments: changes }, { onSuccess: () => setDraft({}) })}
          >
            Save assignments
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
