import { Alert, Button, Checkbox, Group, Loader, Modal, MultiSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import type { Store, TriggerSet } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useCopyRule, useDeactivateRule, useRuleChangeLog, useRuleStatusCounts } from '../api/rules';

type RuleModalProps = { rule: TriggerSet | null; onClose: () => void };

/**
 * DeactivateModal first fetches the rule's running workflows (customers, open and overdue
 * tasks); when that fails it opens without counts. The user may also stop those workflows.
 */
export function DeactivateModal({ rule, onClose }: RuleModalProps) {
  return (
    <Modal opened={rule !== null} onClose={onClose} title="Deactivate rule">
      {rule && <DeactivateForm key={rule.id} rule={rule} onClose={onClose} />}
    </Modal>
  );
}

function DeactivateForm({ rule, onClose }: { rule: TriggerSet; onClose: () => void }) {
  const counts = useRuleStatusCounts(rule.id);
  const [stop, setStop] = useState(false);
  const deactivate = useDeactivateRule();
  if (counts.isPending) return <Loader aria-label="Loading counts" />;
  return (
    <Stack>
      <Text>
        <b>{rule.name}</b> will start no more workflows.
      </Text>
      {counts.data && (
        <Table aria-label="Running workflows">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Customers with a running workflow</Table.Td>
              <Table.Td>{counts.data.distinctCustomers}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Open tasks</Table.Td>
              <Table.Td>{counts.data.open}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Overdue tasks</Table.Td>
              <Table.Td>{counts.data.overdue}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      <Checkbox label="Also stop the running workflows and cancel their open tasks" checked={stop} onChange={(e) => setStop(e.currentTarget.checked)} />
      {deactivate.isError && <Alert color="red">{errorMessage(deactivate.error)}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={deactivate.isPending}
          onClick={() =>
            deactivate.mutate(
              { id: rule.id ?? 0, stopWorkflows: stop },
              {
                onSuccess: () => {
                  notify('success', `${rule.name} was deactivated.`);
                  onClose();
                },
              },
            )
          }
        >
          Deactivate
        </Button>
      </Group>
    </Stack>
  );
}

type CopyModalProps = { rule: TriggerSet | null; all: boolean; fromStoreId: number; stores: readonly Store[]; opened: boolean; onClose: () => void };

/** CopyModal copies one rule, or every rule of the store, to other stores: each copy its own, disabled rule. */
export function CopyModal({ rule, all, fromStoreId, stores, opened, onClose }: CopyModalProps) {
  const [targets, setTargets] = useState<string[]>([]);
  const copy = useCopyRule();
  const options = stores.filter((s) => s.AccountPlatformID !== fromStoreId).map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }));
  const close = () => {
    setTargets([]);
    copy.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={all ? 'Copy all rules' : `Copy ${rule?.name ?? 'rule'}`}>
      <Stack>
        <MultiSelect label="Copy to stores" searchable data={options} value={targets} onChange={setTargets} />
        {copy.isError && <Alert color="red">{errorMessage(copy.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={targets.length === 0}
            loading={copy.isPending}
            onClick={() =>
              copy.mutate(
                { id: all ? undefined : rule?.id, fromStoreId, storeIds: targets.map(Number) },
                {
                  onSuccess: (r) => {
                    notify('success', `${r.queued} ${r.queued === 1 ? 'copy was' : 'copies were'} queued. Each copy is a new, inactive rule.`);
                    close();
                  },
                },
              )
            }
          >
            Copy
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** ChangeLogModal lists who changed which field of a rule, 25 changes a page. */
export function ChangeLogModal({ rule, onClose }: RuleModalProps) {
  const [page, setPage] = useState(1);
  const log = useRuleChangeLog(rule?.id, page);
  const total = log.data?.pageData?.pageTotal ?? 1;
  return (
    <Modal opened={rule !== null} onClose={onClose} title={`Change log: ${rule?.name ?? ''}`} size="xl">
      {log.isPending && <Loader aria-label="Loading changes" />}
      {log.data && (
        <Stack>
          <Table aria-label="Changes" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.data.map((c) => (
                <Table.Tr key={`${c.changeLogId}-${c.fieldName}`}>
                  <Table.Td>{new Date(c.changedDt).toLocaleString()}</Table.Td>
                  <Table.Td>{c.changedBy}</Table.Td>
                  <Table.Td>{c.fieldName}</Table.Td>
                  <Table.Td>{c.oldValue}</Table.Td>
                  <Table.Td>{c.newValue}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {total > 1 && (
            <Group justify="space-between">
              <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer changes
              </Button>
              <Text size="sm">
                Page {page} of {total}
              </Text>
              <Button variant="default" size="xs" disabled={page >= total} onClick={() => setPage(page + 1)}>
                Older changes
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
