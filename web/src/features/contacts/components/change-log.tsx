import { Alert, Badge, Center, Group, Loader, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import type { ChangeLogEntry, ChangeLogFilter } from '../../../lib/api/types';
import { useUsers } from '../../users';
import { errorMessage } from '../../../lib/notify';
import { useChangeLog } from '../api/get-change-log';
import { fieldLabel } from '../contact-display';

const KIND_LABELS: Record<ChangeLogEntry['kind'], string> = {
  created: 'Created',
  updated: 'Updated',
  merged: 'Merged',
  lead: 'Lead',
  garage: 'Garage',
};

/** The users that are not people: the lead providers' deliveries are made by the lead intake. */
const SYSTEM_USERS: Record<string, string> = { 'adf-intake': 'Lead intake' };

/** isUserField reports a lead field whose values are user ids (who holds the lead). */
function isUserField(field: string): boolean {
  return /^leads\[\d+\]\.(salesPerson|bdcAgent)$/.test(field);
}

type ChangeLogProps = { contactId: number };

/**
 * ChangeLog lists every save of a customer, newest first, with each changed field's old and new
 * value, 25 saves to a page; it can be narrowed to one field.
 */
export function ChangeLog({ contactId }: ChangeLogProps) {
  const [page, setPage] = useState(1);
  const [field, setField] = useState('');
  const filter: ChangeLogFilter = field.trim() ? { field: field.trim() } : {};
  const log = useChangeLog(contactId, page, filter);
  const users = useUsers({ includeInactive: true });
  const names = new Map((users.data ?? []).map((u) => [u.UserId, u.Name || [u.FirstName, u.LastName].filter(Boolean).join(' ')]));
  const nameOf = (id: string) => names.get(id) || SYSTEM_USERS[id] || id;
  const pageTotal = log.data?.pageData?.pageTotal ?? 1;

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="profile-section-change-log">
      <Group justify="space-between" mb="sm" align="flex-end">
        <Title order={2} size="h5" id="profile-section-change-log">
          Change log
        </Title>
        <TextInput
          size="xs"
          label="Field"
          placeholder="e.g. phones or firstName"
          value={field}
          onChange={(e) => {
            setField(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {log.isPending ? (
        <Center py="md" role="status" aria-label="Loading the change log">
          <Loader size="sm" />
        </Center>
      ) : log.isError ? (
        <Alert color="red" role="alert" title="The change log could not be loaded">
          {errorMessage(log.error)}
        </Alert>
      ) : log.data.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded.
        </Text>
      ) : (
        <Stack gap="sm">
          <Table striped withTableBorder aria-label="Changes" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Old value</Table.Th>
                <Table.Th>New value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.entries.flatMap((entry) => entryRows(entry, contactId, nameOf))}
            </Table.Tbody>
          </Table>
          {pageTotal > 1 ? (
            <Pagination
              total={pageTotal}
              value={page}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              aria-label="Change log pages"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            />
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

function entryRows(entry: ChangeLogEntry, contactId: number, nameOf: (userId: string) => string) {
  const changes = entry.changes ?? [];
  const when = formatDateTime(entry.at);
  const by = entry.actorUserId ? `${nameOf(entry.userId)} (by ${nameOf(entry.actorUserId)})` : nameOf(entry.userId);
  const fromMerged = entry.contactId !== contactId ? ` · customer #${entry.contactId}` : '';
  const head = (
    <>
      <Table.Td>
        <Text size="sm">{when}</Text>
        <Badge size="xs" variant="light" color={entry.kind === 'merged' ? 'grape' : entry.kind === 'created' ? 'green' : entry.kind === 'lead' ? 'orange' : 'blue'}>
          {KIND_LABELS[entry.kind]}
          {fromMerged}
        </Badge>
      </Table.Td>
      <Table.Td>{by}</Table.Td>
    </>
  );
  if (changes.length === 0) {
    return [
      <Table.Tr key={`${entry.contactId}-${entry.leadId ?? 0}-${entry.seq}`}>
        {head}
        <Table.Td colSpan={3}>
          <Text size="sm" c="dimmed">
            No field changes
          </Text>
        </Table.Td>
      </Table.Tr>,
    ];
  }
  return changes.map((c, i) => (
    <Table.Tr key={`${entry.contactId}-${entry.leadId ?? 0}-${entry.seq}-${c.field}`}>
      {i === 0 ? head : (
        <>
          <Table.Td />
          <Table.Td />
        </>
      )}
      <Table.Td>
        <Text size="sm" title={c.field}>
          {fieldLabel(c.field)}
        </Text>
        {c.masked ? (
          <Badge size="xs" color="gray" variant="outline">
            Masked
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>{valueText(c.field, c.oldValue, nameOf) || <Text span c="dimmed" size="sm">—</Text>}</Table.Td>
      <Table.Td>{valueText(c.field, c.newValue, nameOf) || <Text span c="dimmed" size="sm">—</Text>}</Table.Td>
    </Table.Tr>
  ));
}

/** valueText shows a value as the log holds it, and a user id (who holds a lead) by name. */
function valueText(field: string, value: string, nameOf: (userId: string) => string): string {
  return value && isUserField(field) ? nameOf(value) : value;
}

function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
