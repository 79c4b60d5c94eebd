import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { ApiError } from '../../../lib/api/api-error';
import type { CallLogFilter, CallLogRow } from '../../../lib/api/types';
import {
  exportCallLog,
  saveFile,
  useArchiveSettings,
  useAssignLoggedBy,
  useCallCounts,
  useCallLog,
  useHideCall,
  useProviderPhones,
  useSaveProviderPhone,
  useSaveArchiveSettings,
  useStoreUsers,
  useUnmatchedCalls,
} from '../api/call-log';
import { dayText, durationText, outcome, phoneText } from '../call-display';
import { MatchCallModal } from './match-call-modal';

export type CallLogStore = { AccountPlatformID: number; Name: string };

type Props = {
  stores: CallLogStore[];
  /** profilePath is the route of a customer's profile. */
  profilePath: (contactId: number) => string;
  /** now is today, for the default dates. */
  now?: Date;
};

const PAGE_SIZE = 25;
const STATUSES = ['all', 'answered', 'missed', 'voicemail', 'matched', 'unmatched'] as const;

/** CallLog is the Call Log screen: the tracked calls of the user's stores, their counts, the unmatched calls and the auto-archive settings. */
export function CallLog({ stores, profilePath, now = new Date() }: Props) {
  const [storeId, setStoreId] = useState<string>('all');
  const [dateFrom, setDateFrom] = useState(() => dayText(new Date(now.getTime() - 30 * 86_400_000)));
  const [dateTo, setDateTo] = useState(() => dayText(now));
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const [showHidden, setShowHidden] = useState(false);
  const [page, setPage] = useState(1);
  const [matching, setMatching] = useState<CallLogRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');

  const storeIds = useMemo(
    () => (storeId === 'all' ? stores.map((s) => s.AccountPlatformID) : [Number(storeId)]),
    [storeId, stores],
  );
  const filter: CallLogFilter = { accountPlatformIds: storeIds, dateFrom, dateTo, text: query, showHidden };
  const counts = useCallCounts(filter, storeIds.length > 0);
  const log = useCallLog({ ...filter, status, pageNumber: page, pageSize: PAGE_SIZE }, storeIds.length > 0);
  const unmatched = useUnmatchedCalls(storeIds);
  useEffect(() => setPage(1), [storeId, dateFrom, dateTo, query, status, showHidden]);

  const c = counts.data;
  const total = log.data?.pageData?.totalRecords ?? 0;
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={2}>Call Log</Title>
        <Button
          variant="light"
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            setExportError('');
            try {
              saveFile(await exportCallLog({ ...filter, status }), 'call-log.csv');
            } catch (e) {
              setExportError(e instanceof Error ? e.message : 'The export failed.');
            } finally {
              setExporting(false);
            }
          }}
        >
          Export CSV
        </Button>
      </Group>
      {exportError && <Alert color="red">{exportError}</Alert>}
      <Group align="end" wrap="wrap">
        <Select
          label="Store"
          value={storeId}
          onChange={(v) => setStoreId(v ?? 'all')}
          data={[{ value: 'all', label: 'All my stores' }, ...stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))]}
          allowDeselect={false}
        />
        <TextInput label="From" type="date" value={dateFrom} onChange={(e) => setDateFrom(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={dateTo} onChange={(e) => setDateTo(e.currentTarget.value)} />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(text.trim());
          }}
        >
          <Group align="end" gap="xs">
            <TextInput label="Search calls" placeholder="Caller, phone, customer, source" value={text} onChange={(e) => setText(e.currentTarget.value)} />
            <Button type="submit">Search</Button>
          </Group>
        </form>
        <Checkbox label="Show hidden" checked={showHidden} onChange={(e) => setShowHidden(e.currentTarget.checked)} />
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} aria-label="Call counts">
        {(
          [
            ['Calls', c?.total],
            ['Answered', c?.answered],
            ['Missed', c?.missed],
            ['Voicemail', c?.voicemail],
            ['Matched', c?.matched],
            ['Unmatched', c?.unmatched],
          ] as const
        ).map(([label, n]) => (
          <Card key={label} withBorder padding="sm" role="group" aria-label={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl">
              {n ?? '–'}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {c?.sources && c.sources.length > 0 && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Sources:
          </Text>
          {c.sources.map((s) => (
            <Badge key={s.source} variant="light">
              {s.source} {s.count}
            </Badge>
          ))}
        </Group>
      )}

      <Tabs defaultValue="calls">
        <Tabs.List>
          <Tabs.Tab value="calls">Calls</Tabs.Tab>
          <Tabs.Tab value="unmatched">Unmatched calls {unmatched.data ? `(${unmatched.data.length})` : ''}</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="calls" pt="sm">
          <SegmentedControl
            aria-label="Calls to show"
            value={status}
            onChange={(v) => setStatus(v as (typeof STATUSES)[number])}
            data={STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
          />
          {log.error && <Alert color="red">{log.error.message}</Alert>}
          <CallTable rows={log.data?.rows ?? []} profilePath={profilePath} onMatch={setMatching} label="Calls" />
          {total === 0 && !log.isFetching && <Text c="dimmed">No calls match.</Text>}
          {total > PAGE_SIZE && <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} mt="sm" />}
        </Tabs.Panel>
        <Tabs.Panel value="unmatched" pt="sm">
          <Text size="sm" c="dimmed">
            Calls whose caller is no customer's number (or several customers'). Match each to the customer it was with.
          </Text>
          <CallTable rows={unmatched.data ?? []} profilePath={profilePath} onMatch={setMatching} label="Unmatched calls" />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="sm">
          <Group align="start" gap="xl">
            <ArchiveSettings stores={stores} />
            <MyPhones stores={stores} />
          </Group>
        </Tabs.Panel>
      </Tabs>
      <MatchCallModal call={matching} onClose={() => setMatching(null)} />
    </Stack>
  );
}

function CallTable({
  rows,
  profilePath,
  onMatch,
  label,
}: {
  rows: CallLogRow[];
  profilePath: (id: number) => string;
  onMatch: (c: CallLogRow) => void;
  label: string;
}) {
  const hide = useHideCall();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label={label} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Store</Table.Th>
            <Table.Th>Caller</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Logged by</Table.Th>
            <Table.Th>Recording</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.accountPlatformId}-${r.id}`} data-call={r.id} style={r.hidden ? { opacity: 0.6 } : undefined}>
              <Table.Td>
                {new Date(r.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                <Text size="xs" c="dimmed">
                  {r.direction === 'outbound' ? 'Outbound' : 'Inbound'}
                </Text>
              </Table.Td>
              <Table.Td>{r.storeName}</Table.Td>
              <Table.Td>
                {r.customerName || 'Unknown caller'}
                <Text size="xs" c="dimmed">
                  {phoneText(r.customerPhone)}
                </Text>
              </Table.Td>
              <Table.Td>
                {r.contactId > 0 ? (
                  <Anchor component={Link} to={profilePath(r.contactId)}>
                    {r.contactName || `Customer ${r.contactId}`}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600} c="orange.8">
                    Unmatched
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{r.source}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} c={r.answered ? 'green.8' : r.voicemail ? 'yellow.8' : 'red.8'}>
                  {outcome(r)}
                </Text>
                {r.durationSeconds > 0 && (
                  <Text size="xs" c="dimmed">
                    {durationText(r.durationSeconds)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <LoggedBy call={r} />
              </Table.Td>
              <Table.Td>
                {r.recordingUrl ? (
                  <Anchor href={r.recordingUrl} target="_blank" rel="noreferrer">
                    Listen
                  </Anchor>
                ) : (
                  '–'
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {r.contactId === 0 && (
                    <Button size="xs" onClick={() => onMatch(r)} aria-label={`Match call from ${phoneText(r.customerPhone)}`}>
                      Match
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => hide.mutate({ accountPlatformId: r.accountPlatformId, callId: r.id, version: r.version, hidden: !r.hidden })}
                  >
                    {r.hidden ? 'Show' : 'Hide'}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** LoggedBy shows who took a call and opens the assign call logging modal, where a manager chooses the user. */
function LoggedBy({ call }: { call: CallLogRow }) {
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState<string | null>(call.loggedByUserId || null);
  const users = useStoreUsers(call.accountPlatformId, open);
  const assign = useAssignLoggedBy();
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => {
          setUserId(call.loggedByUserId || null);
          assign.reset();
          setOpen(true);
        }}
        aria-label={`Assign who took the call from ${phoneText(call.customerPhone)}`}
      >
        {call.loggedByName || 'Assign'}
      </Anchor>
      <Modal opened={open} onClose={() => setOpen(false)} title="Assign call logging">
        <Stack>
          <Text size="sm">
            Who took the call {call.direction === 'outbound' ? 'to' : 'from'} {call.customerName || phoneText(call.customerPhone)}?
          </Text>
          <Select
            label="Logged by"
            placeholder="Choose a user"
            searchable
            clearable
            data={(users.data ?? []).map((u) => ({ value: u.Id, label: u.Name }))}
            value={userId}
            onChange={setUserId}
          />
          {assign.error && <Alert color="red">{assign.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              loading={assign.isPending}
              onClick={() =>
                assign.mutate(
                  { accountPlatformId: call.accountPlatformId, callId: call.id, version: call.version, userId: userId ?? '' },
                  { onSuccess: () => setOpen(false) },
                )
              }
            >
              Save
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** ArchiveSettings edits one store's auto-archive settings. */
function ArchiveSettings({ stores }: { stores: CallLogStore[] }) {
  const [storeId, setStoreId] = useState(stores[0]?.AccountPlatformID ?? 0);
  const settings = useArchiveSettings(storeId);
  const save = useSaveArchiveSettings();
  const [enabled, setEnabled] = useState(false);
  const [days, setDays] = useState<number | string>(90);
  useEffect(() => {
    if (settings.data) {
      setEnabled(settings.data.enabled);
      setDays(settings.data.days);
    }
  }, [settings.data]);
  const fieldError = save.error instanceof ApiError ? save.error.fieldErrors.days : undefined;
  return (
    <Stack maw={420}>
      <Select
        label="Store"
        value={String(storeId)}
        onChange={(v) => setStoreId(Number(v))}
        data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))}
        allowDeselect={false}
      />
      <Switch label="Archive old calls automatically" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
      <NumberInput label="Archive calls older than (days)" min={1} max={365} value={days} onChange={setDays} error={fieldError} />
      {settings.data?.lastRunAt && (
        <Text size="sm" c="dimmed">
          Last archived {new Date(settings.data.lastRunAt).toLocaleString()}
        </Text>
      )}
      {save.error && !fieldError && <Alert color="red">{save.error.message}</Alert>}
      {save.isSuccess && <Alert color="green">The settings are saved.</Alert>}
      <Group>
        <Button
          loading={save.isPending}
          disabled={!settings.data}
          onClick={() => save.mutate({ accountPlatformId: storeId, enabled, days: Number(days), version: settings.data?.version ?? 0 })}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** MyPhones lists and adds the signed-in user's phones at a store: the provider rings them for click-to-call, and calls taken at them are logged by the user. */
function MyPhones({ stores }: { stores: CallLogStore[] }) {
  const [storeId, setStoreId] = useState(stores[0]?.AccountPlatformID ?? 0);
  const phones = useProviderPhones(storeId);
  const save = useSaveProviderPhone();
  const [phone, setPhone] = useState('');
  const [label, setLabel] = useState('');
  const fieldError = save.error instanceof ApiError ? save.error.fieldErrors.phone : undefined;
  return (
    <Stack maw={420}>
      <Title order={4}>My phones</Title>
      <Select
        label="Store"
        value={String(storeId)}
        onChange={(v) => setStoreId(Number(v))}
        data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))}
        allowDeselect={false}
      />
      {(phones.data ?? []).map((p) => (
        <Group key={p.phone} gap="xs">
          <Text>{phoneText(p.phone)}</Text>
          {p.label && <Text c="dimmed">{p.label}</Text>}
          {p.isDefault && <Badge variant="light">Default</Badge>}
        </Group>
      ))}
      {phones.data?.length === 0 && <Text c="dimmed">No phones yet.</Text>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ accountPlatformId: storeId, phone, label, isDefault: false }, { onSuccess: () => { setPhone(''); setLabel(''); } });
        }}
      >
        <Group align="end" gap="xs">
          <TextInput label="Phone" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} error={fieldError} />
          <TextInput label="Label" value={label} onChange={(e) => setLabel(e.currentTarget.value)} maxLength={40} />
          <Button type="submit" loading={save.isPending}>
            Add phone
          </Button>
        </Group>
      </form>
      {save.error && !fieldError && <Alert color="red">{save.error.message}</Alert>}
    </Stack>
  );
}
