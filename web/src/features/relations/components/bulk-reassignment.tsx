import { Alert, Button, Group, MultiSelect, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import type { BulkCriteria, Store } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { useUsers } from '../../users';
import { useCountReassignment, useReassignment, useStartReassignment } from '../api/bulk-reassignment';

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

/**
 * BulkReassignment moves a role's customers from one user to another in the stores chosen:
 * it previews how many customers would move, asks for confirmation, then follows the job's
 * progress until it is done.
 */
export function BulkReassignment({ stores, isManager }: BulkReassignmentProps) {
  const users = useUsers({ includeInactive: false });
  const [role, setRole] = useState<string | null>('SalesPerson');
  const [fromUser, setFromUser] = useState<string | null>(null);
  const [toUser, setToUser] = useState<string | null>(null);
  const [storeIds, setStoreIds] = useState<string[]>(() => stores.map((s) => String(s.AccountPlatformID)));
  const count = useCountReassignment();
  const start = useStartReassignment();
  const job = useReassignment(start.data?.id);

  if (!isManager) {
    return (
      <Alert color="yellow" title="Reassign Customers" mt="md" role="alert">
        Only managers may reassign customers in bulk.
      </Alert>
    );
  }

  const userOptions = (users.data ?? []).map((u) => ({ value: u.UserId, label: u.Name || `${u.FirstName} ${u.LastName}` }));
  const criteria: BulkCriteria | null =
    role && fromUser
      ? { role, fromUserId: fromUser, toUserId: toUser ?? '', accountPlatformIds: storeIds.map(Number) }
      : null;
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
          <Select
            label="From user"
            placeholder="Choose a user"
            data={userOptions}
            value={fromUser}
            onChange={setFromUser}
            searchable
            disabled={running}
          />
          <Select
            label="To user"
            placeholder="Choose a user"
            data={userOptions.filter((o) => o.value !== fromUser)}
            value={toUser}
            onChange={setToUser}
            searchable
            disabled={running}
          />
          <MultiSelect
            label="Stores"
            data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))}
            value={storeIds}
            onChange={setStoreIds}
            disabled={running}
          />
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
            <Group justify="end">
              <Button
                disabled={previewed === 0 || !toUser}
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
