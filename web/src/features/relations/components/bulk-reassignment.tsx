import { Alert, Button, Group, MultiSelect, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import type { BulkCriteria, BulkUser, Store } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { useBulkUsers, useCountReassignment, useReassignment, useStartReassignment } from '../api/bulk-reassignment';

/** The roles customers are assigned by, with their display names. */
export const REASSIGNABLE_ROLES = [
  { value: 'SalesPerson', label: 'Sales Person' },
  { value: 'BDCAgent', label: 'BDC Agent' },
  { value: 'ServiceAdvisor', label: 'Service Advisor' },
  { value: 'SalesManager', label: 'Sales Manager' },
  { value: 'FIManager', label: 'F&I Manager' },
];

type BulkReassignmentProps = {
  /** The stores the user may reassign customers in. */
  stores: readonly Store[];
  /** Whether the user is a manager, who may reassign customers in bulk. */
  isManager: boolean;
};

/** userOption is how a user is offered: name, whether active, roles and stores; never an id. */
function userOption(u: BulkUser) {
  const parts = [u.name, u.active ? '' : 'not active', (u.roles ?? []).join(', '), (u.stores ?? []).join(', ')].filter(Boolean);
  return { value: u.userId, label: parts.join(' · ') };
}

/** listOf names items the way a sentence does: "a, b and c". */
function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * BulkReassignment moves a role's customers from one user to another in the stores chosen:
 * it offers only the users the server accepts, previews how many customers would move (checked
 * as the reassignment itself is), asks for confirmation, then follows the job's progress until
 * it is done.
 */
export function BulkReassignment({ stores, isManager }: BulkReassignmentProps) {
  const [role, setRole] = useState<string | null>('SalesPerson');
  const [fromUser, setFromUser] = useState<string | null>(null);
  const [toUser, setToUser] = useState<string | null>(null);
  const [storeIds, setStoreIds] = useState<string[]>(() => stores.map((s) => String(s.AccountPlatformID)));
  const users = useBulkUsers(isManager ? role : null, storeIds.map(Number));
  const count = useCountReassignment();
  const start = useStartReassignment();
  const job = useReassignment(start.data?.id);
  const fromUsers = users.data?.from ?? [];
  const toUsers = users.data?.to ?? [];

  // A user no longer offered for the role and stores chosen is no longer chosen.
  useEffect(() => {
    if (!users.data) return;
    if (fromUser && !(users.data.from ?? []).some((u) => u.userId === fromUser)) setFromUser(null);
    if (toUser && !(users.data.to ?? []).some((u) => u.userId === toUser)) setToUser(null);
  }, [users.data, fromUser, toUser]);

  if (!isManager) {
    return (
      <Alert color="yellow" title="Reassign Customers" mt="md" role="alert">
        Only managers may reassign customers in bulk.
      </Alert>
    );
  }

  const criteria: BulkCriteria | null =
    role && fromUser && toUser
      ? { role, fromUserId: fromUser, toUserId: toUser, accountPlatformIds: storeIds.map(Number) }
      : null;
  const countErrors = isApiError(count.error) ? count.error.fieldErrors : {};
  const fieldError = (field: string) => (countErrors[field] ?? []).join(' ') || undefined;
  const otherCountErrors = count.isError && !fieldError('toUserId') && !fieldError('fromUserId') && !fieldError('role');
  const fromName = fromUsers.find((u) => u.userId === fromUser)?.name ?? '';
  const toName = toUsers.find((u) => u.userId === toUser)?.name ?? '';
  const roleName = REASSIGNABLE_ROLES.find((r) => r.value === role)?.label.toLowerCase() ?? '';
  const storeNames = stores.filter((s) => storeIds.includes(String(s.AccountPlatformID))).map((s) => s.Name);
  // A preview belongs to the criteria it was asked for; any change asks again.
  const previewed = count.isSuccess && JSON.stringify(count.variables) === JSON.stringify(criteria) ? count.data : undefined;
  const running = start.data !== undefined;
  const progress = job.data ?? start.data;
  const processed = progress ? progress.done + progress.skipped + progress.failed : 0;
  const percent = progress && progress.total > 0 ? Math.round((processed / progress.total) * 100) : 100;
  const finished = progress?.status === 'done';
  const reset = () => {
    start.reset();
    count.reset();
  };

  return (
    <Stack gap="md" py="md" maw={720}>
      <Title order={1} size="h3">
        Reassign Customers
      </Title>
      <Text c="dimmed">Move every customer one user holds for a role to another user, in the stores you choose.</Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Select label="Role" data={REASSIGNABLE_ROLES} value={role} onChange={setRole} disabled={running} allowDeselect={false} />
          <MultiSelect
            label="Stores"
            data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))}
            value={storeIds}
            onChange={setStoreIds}
            disabled={running}
          />
          <Select
            label="From user"
            description="Who holds the customers now, at one of the stores (including users who left)"
            placeholder={users.isPending && storeIds.length > 0 ? 'Loading users…' : 'Choose a user'}
            nothingFoundMessage="Nobody holds this role at these stores"
            data={fromUsers.map(userOption)}
            value={fromUser}
            onChange={setFromUser}
            searchable
            disabled={running}
            error={fieldError('fromUserId')}
          />
          <Select
            label="To user"
            description="Active users who can take these customers at every store chosen"
            placeholder={users.isPending && storeIds.length > 0 ? 'Loading users…' : 'Choose a user'}
            nothingFoundMessage="Nobody can take these customers at every store chosen"
            data={toUsers.filter((u) => u.userId !== fromUser).map(userOption)}
            value={toUser}
            onChange={setToUser}
            searchable
            disabled={running}
            error={fieldError('toUserId')}
          />
          {users.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(users.error)}
            </Alert>
          ) : null}
          {otherCountErrors ? (
            <Alert color="red" role="alert">
              {errorMessage(count.error)}
            </Alert>
          ) : null}
          {!running ? (
            <Group justify="end">
              <Button
                variant="default"
                disabled={!criteria || storeIds.length === 0}
                loading={count.isPending}
                onClick={() => criteria && count.mutate(criteria)}
              >
                Preview
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Paper>

      {previewed !== undefined && !running ? (
        <Paper withBorder p="md" radius="md" role="region" aria-label="Preview">
          <Stack gap="sm">
            <Text>
              {previewed === 1 ? '1 customer' : `${previewed.toLocaleString()} customers`} would be reassigned.
            </Text>
            <Text size="sm" c="dimmed">
              {fromName}&apos;s customers as {roleName} at {listOf(storeNames)} go to {toName}.
            </Text>
            <Group justify="end">
              <Button
                disabled={previewed === 0}
                loading={start.isPending}
                onClick={() => criteria && start.mutate(criteria)}
              >
                Confirm reassignment
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      {start.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(start.error)}
        </Alert>
      ) : null}

      {progress ? (
        <Paper withBorder p="md" radius="md" role="region" aria-label="Reassignment progress">
          <Stack gap="sm">
            <Progress value={percent} size="lg" aria-label="Reassignment progress" animated={!finished} />
            <Text role="status">
              {finished ? 'Done: ' : 'Reassigning: '}
              {processed.toLocaleString()} of {progress.total.toLocaleString()} customers processed
              {progress.skipped > 0 ? `, ${progress.skipped.toLocaleString()} skipped (reassigned by someone else)` : ''}
              {progress.failed > 0 ? `, ${progress.failed.toLocaleString()} failed` : ''}.
            </Text>
            {job.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(job.error)}
              </Alert>
            ) : null}
            {finished ? (
              <Group justify="end">
                <Button variant="default" onClick={reset}>
                  Start another reassignment
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
