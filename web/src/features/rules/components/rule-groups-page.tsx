import { Alert, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import type { Store } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useCreateRuleGroup, useDeleteRuleGroup, useRuleGroups, useRuleLookups } from '../api/rules';

type RuleGroupsProps = { stores: readonly Store[]; canEdit: boolean };

/** RuleGroupsManagement lists the rule groups of the user's stores and lets a rules administrator add and delete them. */
export function RuleGroupsManagement({ stores, canEdit }: RuleGroupsProps) {
  const storeIds = stores.map((s) => s.AccountPlatformID);
  const groups = useRuleGroups(storeIds);
  const lookups = useRuleLookups();
  const create = useCreateRuleGroup();
  const remove = useDeleteRuleGroup();
  const [name, setName] = useState('');
  const [type, setType] = useState<string | null>('1');
  const [storeId, setStoreId] = useState<string | null>(storeIds[0] ? String(storeIds[0]) : null);
  const typeOptions = (lookups.data?.ruleGroupTypes ?? []).map((t) => ({ value: String(t.value), label: t.name }));
  const storeName = (id: number) => stores.find((s) => s.AccountPlatformID === id)?.Name ?? String(id);
  const nameError = isApiError(create.error) ? create.error.fieldErrors.name?.[0] : undefined;

  return (
    <Stack>
      <Title order={1} size="h2">
        Rule Groups Management
      </Title>
      {canEdit && (
        <Group align="flex-end">
          <Select label="Store" data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))} value={storeId} onChange={setStoreId} allowDeselect={false} />
          <TextInput label="Group name" value={name} error={nameError} onChange={(e) => setName(e.currentTarget.value)} />
          <Select label="Type" data={typeOptions} value={type} onChange={setType} allowDeselect={false} />
          <Button
            disabled={!name.trim() || !storeId || !type}
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { name, ruleGroupTypeId: Number(type), accountPlatformId: Number(storeId) },
                {
                  onSuccess: () => {
                    notify('success', `The rule group ${name} was added.`);
                    setName('');
                  },
                },
              )
            }
          >
            Add group
          </Button>
        </Group>
      )}
      {create.isError && !nameError && <Alert color="red">{errorMessage(create.error)}</Alert>}
      {groups.isPending && <Loader aria-label="Loading rule groups" />}
      {groups.data?.length === 0 && <Text c="dimmed">No rule groups yet.</Text>}
      {groups.data && groups.data.length > 0 && (
        <Table striped aria-label="Rule groups">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Store</Table.Th>
              <Table.Th>Seeded</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.data.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>{g.name}</Table.Td>
                <Table.Td>{g.ruleGroupTypeName}</Table.Td>
                <Table.Td>{storeName(g.accountPlatformId)}</Table.Td>
                <Table.Td>{g.seedStatus === 0 ? 'No' : g.seedStatus === 1 ? 'Seeded' : 'Reseeded'}</Table.Td>
                <Table.Td>
                  {canEdit && (
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      aria-label={`Delete ${g.name}`}
                      onClick={() =>
                        remove.mutate(g.id ?? 0, {
                          onSuccess: () => notify('success', `The rule group ${g.name} was deleted.`),
                          onError: (err) => notify('error', errorMessage(err)),
                        })
                      }
                    >
                      Delete
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
