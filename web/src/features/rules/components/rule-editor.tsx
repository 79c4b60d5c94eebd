import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import type { RuleFilter, RuleGroup, RuleLookups, RuleNotification, RuleTask, TriggerSet } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { useFilterValues, useSaveRule } from '../api/rules';

/** DUE_UNITS are the units of a task's due time. */
export const DUE_UNITS = [
  { value: '1', label: 'Minutes' },
  { value: '2', label: 'Hours' },
  { value: '3', label: 'Days' },
  { value: '4', label: 'Weeks' },
  { value: '5', label: 'Months' },
];

const ON_EVENTS = [
  { value: '2', label: 'On start' },
  { value: '1', label: 'When overdue' },
  { value: '3', label: 'When completed' },
];

const RECIPIENT_TYPES = [
  { value: 'user', label: 'Users' },
  { value: 'group', label: 'Group' },
  { value: 'role', label: 'Role' },
];

let nextTempId = -1;
/** tempId is an id below zero: the server treats it as new. */
function tempId() {
  return nextTempId--;
}

/** newRule is an empty rule of a store, as the editor starts it. */
export function newRule(storeId: number, ruleGroupId = 0): TriggerSet {
  return {
    id: tempId(),
    name: '',
    description: '',
    accountPlatformIds: [storeId],
    ruleGroupId,
    leadTypeId: 1,
    triggers: [],
    terminators: [],
    triggerSetTasks: [],
    triggerSetNotifications: [],
    triggerSetFilters: [],
    vehicles: [],
  } as unknown as TriggerSet;
}

function newTask(): RuleTask {
  return {
    triggerSetTaskId: tempId(),
    name: '',
    actionTypeId: 1,
    dueUnit: 1,
    dueDuration: 15,
    automatedTask: false,
    useWorkSchedule: false,
    terminators: [],
    triggerSetTaskNotifications: [],
  } as unknown as RuleTask;
}

function newNotification(task: boolean): RuleNotification {
  const n = { userIds: [], recipientType: 'role', roleId: '', onEvent: task ? 1 : 2, enterpriseNotification: false } as unknown as RuleNotification;
  return task ? { ...n, triggerSetTaskNotificationId: tempId() } : { ...n, triggerSetNotificationId: tempId() };
}

type RuleEditorProps = {
  rule: TriggerSet | null;
  lookups: RuleLookups | undefined;
  groups: readonly RuleGroup[];
  readOnly: boolean;
  onClose: () => void;
};

/**
 * RuleEditor edits a rule: its name and group, triggers and terminators, tasks with their
 * notifications, the rule's notifications and filters. Closing with unsaved changes asks first.
 */
export function RuleEditor({ rule, lookups, groups, readOnly, onClose }: RuleEditorProps) {
  const [confirming, setConfirming] = useState(false);
  const [modified, setModified] = useState(false);
  const close = () => {
    if (modified && !readOnly) setConfirming(true);
    else onClose();
  };
  return (
    <>
      <Modal opened={rule !== null} onClose={close} title={readOnly ? 'View rule' : rule && (rule.id ?? 0) > 0 ? 'Edit rule' : 'New rule'} size="xl">
        {rule && (
          <RuleForm
            key={rule.id}
            initial={rule}
            lookups={lookups}
            groups={groups}
            readOnly={readOnly}
            onModified={setModified}
            onDone={() => {
              setModified(false);
              onClose();
            }}
            onCancel={close}
          />
        )}
      </Modal>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Unsaved changes">
        <Stack>
          <Text>The rule has changes that are not saved. Discard them?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep editing
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirming(false);
                setModified(false);
                onClose();
              }}
            >
              Discard changes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

type FormProps = {
  initial: TriggerSet;
  lookups: RuleLookups | undefined;
  groups: readonly RuleGroup[];
  readOnly: boolean;
  onModified: (modified: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
};

function RuleForm({ initial, lookups, groups, readOnly, onModified, onDone, onCancel }: FormProps) {
  const [rule, setRule] = useState<TriggerSet>(initial);
  const save = useSaveRule();
  const update = (change: Partial<TriggerSet>) => {
    setRule((r) => ({ ...r, ...change }));
    onModified(true);
  };
  const activityOptions = (lookups?.activityTypes ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const actionOptions = (lookups?.actionTypes ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const tasks = rule.triggerSetTasks ?? [];
  const setTask = (i: number, change: Partial<RuleTask>) =>
    update({ triggerSetTasks: tasks.map((t, j) => (j === i ? { ...t, ...change } : t)) });
  const fieldErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const fieldError = (path: string) => fieldErrors[path]?.[0];
  const general = save.isError ? errorMessage(save.error) : null;

  const submit = () => {
    save.mutate(rule, { onSuccess: onDone });
  };

  return (
    <Stack>
      {general && (
        <Alert color="red" title="The rule was not saved">
          {general}
          {Object.entries(fieldErrors).length > 0 && (
            <ul>
              {Object.entries(fieldErrors).map(([k, v]) => (
                <li key={k}>
                  {k}: {v[0]}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <TextInput label="Name" required value={rule.name} readOnly={readOnly} error={fieldError('name')} onChange={(e) => update({ name: e.currentTarget.value })} />
      <Textarea label="Description" value={rule.description ?? ''} readOnly={readOnly} onChange={(e) => update({ description: e.currentTarget.value })} />
      <Select
        label="Rule group"
        clearable
        disabled={readOnly}
        data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
        value={rule.ruleGroupId ? String(rule.ruleGroupId) : null}
        error={fieldError('ruleGroupId')}
        onChange={(v) => update({ ruleGroupId: v ? Number(v) : 0 })}
      />
      <MultiSelect
        label="Triggers"
        searchable
        description="What happens to a customer that starts this rule"
        disabled={readOnly}
        data={activityOptions}
        value={(rule.triggers ?? []).map((t) => String(t.activityTypeId))}
        error={fieldError('triggers')}
        onChange={(v) => update({ triggers: v.map((id) => ({ activityTypeId: Number(id) })) })}
      />
      <MultiSelect
        label="Terminators"
        searchable
        description="What ends the rule's running workflows"
        disabled={readOnly}
        data={activityOptions}
        value={(rule.terminators ?? []).map((t) => String(t.activityTypeId))}
        onChange={(v) => update({ terminators: v.map((id) => ({ activityTypeId: Number(id) })) })}
      />

      <Divider />
      <Group justify="space-between">
        <Title order={4}>Tasks</Title>
        {!readOnly && (
          <Button variant="light" size="xs" onClick={() => update({ triggerSetTasks: [...tasks, newTask()] })}>
            Add task
          </Button>
        )}
      </Group>
      {tasks.length === 0 && <Text c="dimmed">No tasks.</Text>}
      {tasks.map((t, i) => (
        <Paper key={t.triggerSetTaskId} withBorder p="sm" aria-label={`Task ${i + 1}`} role="group">
          <Stack gap="xs">
            <Group grow align="flex-start">
              <TextInput label="Task name" value={t.name} readOnly={readOnly} error={fieldError(`triggerSetTasks[${i}].name`)} onChange={(e) => setTask(i, { name: e.currentTarget.value })} />
              <Select label="Action" disabled={readOnly} data={actionOptions} value={String(t.actionTypeId)} error={fieldError(`triggerSetTasks[${i}].actionTypeId`)} onChange={(v) => setTask(i, { actionTypeId: Number(v) })} />
            </Group>
            <Group grow align="flex-start">
              <TextInput label="Due in" inputMode="numeric" readOnly={readOnly} value={String(t.dueDuration ?? 0)} error={fieldError(`triggerSetTasks[${i}].dueDuration`)} onChange={(e) => setTask(i, { dueDuration: Number(e.currentTarget.value.replace(/\D/g, '')) || 0 })} />
              <Select label="Unit" disabled={readOnly} data={DUE_UNITS} value={String(t.dueUnit || 1)} error={fieldError(`triggerSetTasks[${i}].dueUnit`)} onChange={(v) => setTask(i, { dueUnit: Number(v) })} />
            </Group>
            <Group>
              <Checkbox label="Automated" disabled={readOnly} checked={t.automatedTask} onChange={(e) => setTask(i, { automatedTask: e.currentTarget.checked })} />
              <Checkbox label="Use work schedule" disabled={readOnly} checked={t.useWorkSchedule} onChange={(e) => setTask(i, { useWorkSchedule: e.currentTarget.checked })} />
            </Group>
            {t.automatedTask && (
              <TextInput
                label="E-mail template"
                readOnly={readOnly}
                value={t.emailTemplate ?? ''}
                error={fieldError(`triggerSetTasks[${i}].emailTemplate`)}
                onChange={(e) => setTask(i, { emailTemplate: e.currentTarget.value })}
              />
            )}
            <NotificationList
              label="Task notifications"
              task
              readOnly={readOnly}
              notes={t.triggerSetTaskNotifications ?? []}
              pathPrefix={`triggerSetTasks[${i}].triggerSetTaskNotifications`}
              errors={fieldErrors}
              onChange={(notes) => setTask(i, { triggerSetTaskNotifications: notes })}
            />
            {!readOnly && (
              <Group justify="flex-end">
                <Button color="red" variant="subtle" size="xs" onClick={() => update({ triggerSetTasks: tasks.filter((_, j) => j !== i) })}>
                  Remove task
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}

      <Divider />
      <NotificationList
        label="Rule notifications"
        task={false}
        readOnly={readOnly}
        notes={rule.triggerSetNotifications ?? []}
        pathPrefix="triggerSetNotifications"
        errors={fieldErrors}
        onChange={(notes) => update({ triggerSetNotifications: notes })}
      />

      <Divider />
      <FilterList
        lookups={lookups}
        storeId={rule.accountPlatformIds?.[0] ?? 0}
        readOnly={readOnly}
        filters={rule.triggerSetFilters ?? []}
        errors={fieldErrors}
        onChange={(f) => update({ triggerSetFilters: f })}
      />

      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button onClick={submit} loading={save.isPending}>
            Save rule
          </Button>
        )}
      </Group>
    </Stack>
  );
}

type NotificationListProps = {
  label: string;
  task: boolean;
  readOnly: boolean;
  notes: RuleNotification[];
  pathPrefix: string;
  errors: Record<string, string[]>;
  onChange: (notes: RuleNotification[]) => void;
};

function NotificationList({ label, task, readOnly, notes, pathPrefix, errors, onChange }: NotificationListProps) {
  const set = (i: number, change: Partial<RuleNotification>) => onChange(notes.map((n, j) => (j === i ? { ...n, ...change } : n)));
  const visible = notes.map((n, i) => ({ n, i })).filter(({ n }) => !n.Deleted);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {label}
        </Text>
        {!readOnly && (
          <Button variant="subtle" size="xs" onClick={() => onChange([...notes, newNotification(task)])}>
            Add notification
          </Button>
        )}
      </Group>
      {visible.map(({ n, i }) => {
        const err = (f: string) => errors[`${pathPrefix}[${i}].${f}`]?.[0];
        return (
          <Group key={i} align="flex-end" wrap="wrap" role="group" aria-label={`${label} ${i + 1}`}>
            <Select label="When" w={150} disabled={readOnly} data={ON_EVENTS} value={String(n.onEvent)} error={err('onEvent')} onChange={(v) => set(i, { onEvent: Number(v) })} />
            <Select label="Notify" w={120} disabled={readOnly} data={RECIPIENT_TYPES} value={n.recipientType} error={err('recipientType')} onChange={(v) => set(i, { recipientType: (v ?? 'role') as RuleNotification['recipientType'] })} />
            {n.recipientType === 'user' && (
              <TextInput
                label="User ids"
                description="Comma separated"
                readOnly={readOnly}
                value={(n.userIds ?? []).join(',')}
                error={err('userIds')}
                onChange={(e) => set(i, { userIds: e.currentTarget.value.split(',').map((s) => s.trim()).filter(Boolean) })}
              />
            )}
            {n.recipientType === 'group' && <TextInput label="Group id" readOnly={readOnly} value={n.groupId ?? ''} error={err('groupId')} onChange={(e) => set(i, { groupId: e.currentTarget.value })} />}
            {n.recipientType === 'role' && (
              <TextInput label="Role" placeholder="SalesManager" readOnly={readOnly} value={n.roleId ?? ''} error={err('roleId')} onChange={(e) => set(i, { roleId: e.currentTarget.value })} />
            )}
            {n.recipientType === 'role' && (
              <Checkbox label="Every store" disabled={readOnly} checked={n.enterpriseNotification} onChange={(e) => set(i, { enterpriseNotification: e.currentTarget.checked })} />
            )}
            {!readOnly && (
              <ActionIcon variant="subtle" color="red" aria-label="Remove notification" onClick={() => set(i, { Deleted: true })}>
                ×
              </ActionIcon>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

type FilterListProps = {
  lookups: RuleLookups | undefined;
  storeId: number;
  readOnly: boolean;
  filters: RuleFilter[];
  errors: Record<string, string[]>;
  onChange: (filters: RuleFilter[]) => void;
};

function FilterList({ lookups, storeId, readOnly, filters, errors, onChange }: FilterListProps) {
  const types = lookups?.filterTypes ?? [];
  const set = (i: number, change: Partial<RuleFilter>) => onChange(filters.map((f, j) => (j === i ? { ...f, ...change } : f)));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4}>Filters</Title>
        {!readOnly && (
          <Button variant="light" size="xs" onClick={() => onChange([...filters, { filterId: 1, filterValue: 1, isBoolType: false } as RuleFilter])}>
            Add filter
          </Button>
        )}
      </Group>
      {filters.length === 0 && <Text c="dimmed">Every event of the triggers starts the rule.</Text>}
      {filters.map((f, i) => {
        const kind = types.find((t) => t.filterId === f.filterId)?.kind;
        const err = errors[`triggerSetFilters[${i}].filterValue`]?.[0];
        return (
          <Group key={i} align="flex-end" role="group" aria-label={`Filter ${i + 1}`}>
            <Select
              label="Filter"
              w={240}
              disabled={readOnly}
              data={types.map((t) => ({ value: String(t.filterId), label: t.name }))}
              value={String(f.filterId)}
              onChange={(v) => {
                const k = types.find((t) => t.filterId === Number(v))?.kind;
                set(i, { filterId: Number(v), filterValue: k === 'bool' ? true : k === 'stocklist' ? '' : 0, selectedDurationDelayType: k === 'dealend' ? 'after' : undefined });
              }}
            />
            {kind === 'bool' && <Checkbox label="Yes" disabled={readOnly} checked={f.filterValue === true} onChange={(e) => set(i, { filterValue: e.currentTarget.checked })} />}
            {kind === 'stocklist' && (
              <TextInput label="Stock numbers" description="Comma separated" readOnly={readOnly} value={String(f.filterValue ?? '')} error={err} onChange={(e) => set(i, { filterValue: e.currentTarget.value })} />
            )}
            {kind === 'int' && (
              <ListedValue
                filterId={f.filterId}
                storeId={storeId}
                readOnly={readOnly}
                value={f.filterValue}
                error={err}
                onChange={(v) => set(i, { filterValue: v })}
              />
            )}
            {(kind === 'duration' || kind === 'float' || kind === 'dealend') && (
              <TextInput
                label="Value"
                inputMode={kind === 'float' ? 'decimal' : 'numeric'}
                readOnly={readOnly}
                value={String(f.filterValue ?? '')}
                error={err}
                onChange={(e) => set(i, { filterValue: e.currentTarget.value === '' ? '' : Number.isNaN(Number(e.currentTarget.value)) ? e.currentTarget.value : Number(e.currentTarget.value) })}
              />
            )}
            {kind === 'dealend' && (
              <Select
                label="Before or after"
                w={140}
                disabled={readOnly}
                data={[
                  { value: 'before', label: 'Before' },
                  { value: 'after', label: 'After' },
                ]}
                value={f.selectedDurationDelayType ?? 'after'}
                onChange={(v) => set(i, { selectedDurationDelayType: v ?? 'after' })}
              />
            )}
            {!readOnly && (
              <ActionIcon variant="subtle" color="red" aria-label="Remove filter" onClick={() => onChange(filters.filter((_, j) => j !== i))}>
                ×
              </ActionIcon>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

type ListedValueProps = { filterId: number; storeId: number; readOnly: boolean; value: unknown; error?: string; onChange: (v: number) => void };

/** ListedValue chooses a filter's value among those the store offers (lead types, lead sources). */
function ListedValue({ filterId, storeId, readOnly, value, error, onChange }: ListedValueProps) {
  const values = useFilterValues(filterId, storeId, true);
  const data = (values.data?.values ?? []).map((v) => ({ value: String(v.value), label: v.name }));
  return (
    <Select
      label="Value"
      w={240}
      disabled={readOnly}
      data={data}
      value={value === undefined || value === null || value === '' ? null : String(value)}
      error={error}
      placeholder={values.isPending ? 'Loading…' : 'Choose'}
      onChange={(v) => onChange(Number(v))}
    />
  );
}
