import { ActionIcon, Alert, Button, Group, Loader, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import type { RuleActionType } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useRuleLookups, useSaveActionTypes } from '../api/rules';

/**
 * ActivityManagement lists the activity types rules start and end on, and the action types
 * rule tasks ask for with the activity type each is paired with; a rules administrator edits
 * the action types and their pairing.
 */
export function ActivityManagement({ canEdit }: { canEdit: boolean }) {
  const lookups = useRuleLookups();
  if (lookups.isPending) return <Loader aria-label="Loading activity types" />;
  if (lookups.isError) return <Alert color="red">{errorMessage(lookups.error)}</Alert>;
  return <ActionTypesForm key={JSON.stringify(lookups.data.actionTypes)} canEdit={canEdit} initial={lookups.data.actionTypes ?? []} activities={lookups.data.activityTypes ?? []} />;
}

type FormProps = { canEdit: boolean; initial: RuleActionType[]; activities: { id: number; name: string }[] };

function ActionTypesForm({ canEdit, initial, activities }: FormProps) {
  const [types, setTypes] = useState<RuleActionType[]>(initial);
  const save = useSaveActionTypes();
  const activityOptions = [{ value: '0', label: 'None' }, ...activities.map((a) => ({ value: String(a.id), label: a.name }))];
  const set = (i: number, change: Partial<RuleActionType>) => setTypes((ts) => ts.map((t, j) => (j === i ? { ...t, ...change } : t)));
  return (
    <Stack>
      <Title order={1} size="h2">
        Activity Management
      </Title>
      <Title order={4}>Action types</Title>
      <Table aria-label="Action types">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Action</Table.Th>
            <Table.Th>Recorded by activity</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {types.map((t, i) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                <TextInput aria-label={`Name of action ${t.id}`} value={t.name} readOnly={!canEdit} onChange={(e) => set(i, { name: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Activity of action ${t.id}`}
                  data={activityOptions}
                  disabled={!canEdit}
                  value={String(t.activityTypeId ?? 0)}
                  onChange={(v) => set(i, { activityTypeId: Number(v) })}
                  allowDeselect={false}
                />
              </Table.Td>
              <Table.Td>
                {canEdit && (
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove action ${t.name}`} onClick={() => setTypes((ts) => ts.filter((_, j) => j !== i))}>
                    ×
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {save.isError && <Alert color="red">{errorMessage(save.error)}</Alert>}
      {canEdit && (
        <Group>
          <Button variant="default" onClick={() => setTypes((ts) => [...ts, { id: Math.max(0, ...ts.map((t) => t.id)) + 1, name: '', activityTypeId: 0 }])}>
            Add action type
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate(types, { onSuccess: () => notify('success', 'The action types were saved.') })}>
            Save
          </Button>
        </Group>
      )}
      <Title order={4}>Activity types</Title>
      <Table aria-label="Activity types" striped>
        <Table.Tbody>
          {activities.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.name}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
