import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Menu, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import type { Store, TriggerSet } from '../../../lib/api/types';
import { WorkingHoursModal } from '../../dealers';
import { TextingSettingsModal } from '../../messages';
import { errorMessage, notify } from '../../../lib/notify';
import {
  type ReseedKind,
  useActivateRule,
  useGroupedRules,
  useReseed,
  useReseedStatus,
  useResetRule,
  useRule,
  useRuleGroups,
  useRuleLookups,
  useUnarchiveRule,
} from '../api/rules';
import { newRule, RuleEditor } from './rule-editor';
import { ChangeLogModal, CopyModal, DeactivateModal } from './rule-modals';

type WorkflowManagerProps = {
  stores: readonly Store[];
  accountId: number;
  /** canEdit is true for rules administrators; view-only users see everything and change nothing. */
  canEdit: boolean;
};

/**
 * WorkflowManager lists a store's workflow rules by rule group, with search, and lets a rules
 * administrator create and edit rules, activate and deactivate them, copy them to other stores,
 * reset their workflows, reseed the follow-up groups and read each rule's change log.
 */
export function WorkflowManager({ stores, accountId, canEdit }: WorkflowManagerProps) {
  const [params, setParams] = useSearchParams();
  const storeId = Number(params.get('store')) || stores[0]?.AccountPlatformID;
  const search = params.get('q') ?? '';
  const withArchived = params.get('archived') === '1';
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const grouped = useGroupedRules(storeId, withArchived);
  const lookups = useRuleLookups();
  const groups = useRuleGroups(storeId ? [storeId] : []);
  const activate = useActivateRule();
  const unarchive = useUnarchiveRule();
  const reset = useResetRule();

  const [editing, setEditing] = useState<TriggerSet | null>(null);
  const [openId, setOpenId] = useState<number | undefined>();
  const loaded = useRule(openId);
  const [deactivating, setDeactivating] = useState<TriggerSet | null>(null);
  const [copying, setCopying] = useState<{ rule: TriggerSet | null; all: boolean } | null>(null);
  const [logOf, setLogOf] = useState<TriggerSet | null>(null);
  const [hoursOpen, setHoursOpen] = useState(false);
  const [textingOpen, setTextingOpen] = useState(false);

  const activityName = (id: number) => lookups.data?.activityTypes?.find((a) => a.id === id)?.name ?? `#${id}`;
  const shown = (r: TriggerSet) => !search || r.name.toLowerCase().includes(search.toLowerCase());
  const editorRule = editing ?? (openId && loaded.data ? loaded.data : null);

  const act = (label: string, p: Promise<unknown>) =>
    p.then(
      () => notify('success', label),
      (err) => notify('error', errorMessage(err)),
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
        Workflow Manager
      </Title>
        <Group>
          <Anchor component={Link} to="/app/productconfig/rulegroupsmanagement">
            Rule groups
          </Anchor>
          <Anchor component={Link} to="/app/private/activitymanagement">
            Activity management
          </Anchor>
        </Group>
      </Group>
      <Group align="flex-end">
        <Select
          label="Store"
          data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))}
          value={storeId ? String(storeId) : null}
          onChange={(v) => setParam('store', v ?? '')}
          allowDeselect={false}
        />
        <TextInput label="Search rules" value={search} onChange={(e) => setParam('q', e.currentTarget.value)} />
        <Checkbox label="Show archived" checked={withArchived} onChange={(e) => setParam('archived', e.currentTarget.checked ? '1' : '')} />
        {canEdit && storeId && (
          <>
            <Button onClick={() => setEditing(newRule(storeId))}>New rule</Button>
            <Button variant="default" onClick={() => setCopying({ rule: null, all: true })}>
              Copy all rules
            </Button>
            <Button variant="default" onClick={() => setHoursOpen(true)}>
              Working hours
            </Button>
          </>
        )}
        {storeId && (
          <Button variant="default" onClick={() => setTextingOpen(true)}>
            Texting settings
          </Button>
        )}
      </Group>
      {!canEdit && <Alert color="gray">You can view the rules. Only rules administrators change them.</Alert>}
      {storeId && canEdit && <ReseedBar storeId={storeId} accountId={accountId} />}
      {storeId && canEdit && (
        <WorkingHoursModal
          storeId={storeId}
          storeName={stores.find((s) => s.AccountPlatformID === storeId)?.Name ?? ''}
          opened={hoursOpen}
          onClose={() => setHoursOpen(false)}
        />
      )}
      {storeId && (
        <TextingSettingsModal
          storeId={storeId}
          storeName={stores.find((s) => s.AccountPlatformID === storeId)?.Name ?? ''}
          opened={textingOpen}
          onClose={() => setTextingOpen(false)}
        />
      )}
      {grouped.isPending && <Loader aria-label="Loading rules" />}
      {grouped.isError && <Alert color="red">{errorMessage(grouped.error)}</Alert>}
      {grouped.data?.length === 0 && <Text c="dimmed">This store has no rules yet.</Text>}
      {grouped.data?.map((g) => {
        const rules = (g.rules ?? []).filter(shown);
        if (rules.length === 0 && search) return null;
        return (
          <Stack key={g.ruleGroupId} gap="xs">
            <Title order={4}>{g.ruleGroupName}</Title>
            <Table striped aria-label={`Rules of ${g.ruleGroupName}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rule</Table.Th>
                  <Table.Th>Triggers</Table.Th>
                  <Table.Th>Tasks</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Changed</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rules.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{(r.triggers ?? []).map((t) => activityName(t.activityTypeId ?? 0)).join(', ')}</Table.Td>
                    <Table.Td>{(r.triggerSetTasks ?? []).map((t) => t.name).join(', ')}</Table.Td>
                    <Table.Td miw={110}>
                      {r.deleted ? <Badge color="gray">Archived</Badge> : r.enabled ? <Badge color="green">Active</Badge> : <Badge color="yellow">Inactive</Badge>}
                    </Table.Td>
                    <Table.Td>
                      {r.updateuser ? (g.userNames?.[r.updateuser] ?? r.updateuser) : ''} {r.updatedt ? new Date(r.updatedt).toLocaleDateString() : ''}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setOpenId(r.id ?? 0)}>
                          {canEdit ? 'Edit' : 'View'}
                        </Button>
                        {canEdit && !r.deleted && !r.enabled && (
                          <Button size="xs" color="green" onClick={() => act(`${r.name} is active.`, activate.mutateAsync(r.id ?? 0))}>
                            Activate
                          </Button>
                        )}
                        {canEdit && r.enabled && (
                          <Button size="xs" color="red" variant="light" onClick={() => setDeactivating(r)}>
                            Deactivate
                          </Button>
                        )}
                        {canEdit && r.deleted && (
                          <Button size="xs" variant="light" onClick={() => act(`${r.name} was unarchived.`, unarchive.mutateAsync(r.id ?? 0))}>
                            Unarchive
                          </Button>
                        )}
                        <Menu>
                          <Menu.Target>
                            <Button size="xs" variant="subtle" aria-label={`More for ${r.name}`}>
                              More
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setLogOf(r)}>Change log</Menu.Item>
                            {canEdit && <Menu.Item onClick={() => setCopying({ rule: r, all: false })}>Copy to stores</Menu.Item>}
                            {canEdit && (
                              <Menu.Item onClick={() => act(`The running workflows of ${r.name} were stopped.`, reset.mutateAsync(r.id ?? 0))}>Reset workflows</Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        );
      })}
      <RuleEditor
        rule={editorRule}
        lookups={lookups.data}
        groups={groups.data ?? []}
        readOnly={!canEdit}
        onClose={() => {
          setEditing(null);
          setOpenId(undefined);
        }}
      />
      <DeactivateModal rule={deactivating} onClose={() => setDeactivating(null)} />
      <CopyModal
        opened={copying !== null}
        rule={copying?.rule ?? null}
        all={copying?.all ?? false}
        fromStoreId={storeId ?? 0}
        stores={stores}
        onClose={() => setCopying(null)}
      />
      <ChangeLogModal rule={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  );
}

const RESEEDS: { kind: ReseedKind; label: string }[] = [
  { kind: 'reseedSoldRules', label: 'sold follow-up' },
  { kind: 'reseedLeaseRules', label: 'lease follow-up' },
];

/** ReseedBar shows the store's follow-up groups' seed status and reseeds them. */
function ReseedBar({ storeId, accountId }: { storeId: number; accountId: number }) {
  return (
    <Group>
      {RESEEDS.map((r) => (
        <ReseedButton key={r.kind} storeId={storeId} accountId={accountId} kind={r.kind} label={r.label} />
      ))}
    </Group>
  );
}

function ReseedButton({ storeId, accountId, kind, label }: { storeId: number; accountId: number; kind: ReseedKind; label: string }) {
  const status = useReseedStatus(storeId, kind);
  const reseed = useReseed();
  const seeded = (status.data?.seedStatus ?? 0) > 0;
  return (
    <Button
      variant="default"
      size="xs"
      loading={reseed.isPending}
      onClick={() =>
        reseed.mutate(
          { accountId, storeId, kind },
          {
            onSuccess: () => notify('success', `The ${label} rules were ${seeded ? 'reseeded' : 'seeded'}; the new rules are inactive.`),
            onError: (err) => notify('error', errorMessage(err)),
          },
        )
      }
    >
      {seeded ? `Reseed ${label} rules` : `Seed ${label} rules`}
    </Button>
  );
}
