import { Alert, Anchor, Badge, Button, Group, Loader, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import type { Store, TouchpointActivityFilter, VisitView } from '../../../lib/api/types';
import { notifyError } from '../../../lib/notify';
import { exportSummary, useInStore, useResults, useSummary, useVisitFilters, useVisitList, VISIT_PAGE_SIZE, type TouchpointSlug } from '../api/visits';
import { elapsed, isOpen, statusColor, statusName, timeOf, VISIT_STATUSES } from '../visit-display';
import { EndVisitModal, MarkSoldModal, StepInfoModal } from './visit-modals';
import { StartTouchpointModal } from './start-touchpoint-modal';

export type VisitLogProps = { kind: TouchpointSlug; stores: readonly Store[]; profilePath: (contactId: number) => string };

/** useNow is the time, read again every intervalMs so the visits' lengths stay live. */
function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

type Dialog = { kind: 'steps' | 'sold' | 'end'; visit: VisitView } | null;

/**
 * VisitLog is the Showroom Log or the Delivery Log: who is in the store now and for how long,
 * the visits of the date range with their steps (filtered by sales person and status), the
 * summary by sales person, the results by step and ending, and the summary's CSV export.
 */
export function VisitLog({ kind, stores, profilePath }: VisitLogProps) {
  const title = kind === 'showroom' ? 'Showroom Log' : 'Delivery Log';
  const place = kind === 'showroom' ? 'In the showroom now' : 'Deliveries in progress';
  const storeIds = useMemo(() => stores.map((s) => s.AccountPlatformID), [stores]);
  const now = useNow();
  const [params, setParams] = useSearchParams();
  // Without dates the server reads each store's today, in the store's time zone.
  const startDate = params.get('from') ?? '';
  const endDate = params.get('to') ?? startDate;
  const userId = params.get('user') ?? '';
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const filter: TouchpointActivityFilter = {
    accountPlatformIds: storeIds,
    ...(startDate ? { startDate, endDate: endDate || startDate } : {}),
    touchpointSlug: kind,
    ...(userId ? { userIds: [userId] } : {}),
    ...(status ? { statuses: [Number(status)] } : {}),
  };
  const inStore = useInStore(storeIds, kind);
  const list = useVisitList(kind, { ...filter, pageNumber: page, pageSize: VISIT_PAGE_SIZE });
  const summary = useSummary(filter);
  const results = useResults(kind, filter);
  const choices = useVisitFilters(storeIds);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [starting, setStarting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const totals = summary.data?.touchpoints?.find((t) => t.touchpointSlug === kind);
  const people = summary.data?.people?.filter((p) => p.touchpointSlug === kind) ?? [];

  const download = async () => {
    setExporting(true);
    try {
      const blob = await exportSummary(filter);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${kind}-summary${startDate ? `-${startDate}-${endDate}` : ''}.csv`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };

  const actions = (v: VisitView) => (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="default" onClick={() => setDialog({ kind: 'steps', visit: v })} aria-label={`Steps of ${v.contactName}`}>
        Steps
      </Button>
      {v.status !== 4 && !v.sold && (
        <Button size="compact-xs" variant="light" color="green" onClick={() => setDialog({ kind: 'sold', visit: v })} aria-label={`Mark ${v.contactName} sold`}>
          Mark sold
        </Button>
      )}
      {isOpen(v) && (
        <Button size="compact-xs" onClick={() => setDialog({ kind: 'end', visit: v })} aria-label={`End ${v.contactName}'s visit`}>
          End visit
        </Button>
      )}
    </Group>
  );
  const customer = (v: VisitView) => (
    <Anchor component={Link} to={profilePath(v.contactId)} fw={500}>
      {v.contactName || `Customer ${v.contactId}`}
    </Anchor>
  );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={download} loading={exporting}>
            Export CSV
          </Button>
          <Button onClick={() => setStarting(true)}>Start touchpoint</Button>
        </Group>
      </Group>

      <Paper withBorder p="sm" component="section" aria-labelledby={`${kind}-now`}>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id={`${kind}-now`}>
            {place} ({inStore.data?.length ?? 0})
          </Title>
          {inStore.isFetching && <Loader size="xs" aria-label="Refreshing" />}
        </Group>
        {inStore.isError && <Alert color="red">Who is in the store could not be read.</Alert>}
        {inStore.data && inStore.data.length === 0 && <Text c="dimmed">Nobody right now.</Text>}
        {inStore.data && inStore.data.length > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label={place}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Sales person</Table.Th>
                  <Table.Th>Arrived</Table.Th>
                  <Table.Th>For</Table.Th>
                  <Table.Th>Steps</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inStore.data.map((v) => (
                  <Table.Tr key={v.touchpointInstanceId} aria-label={`${v.contactName} in the store`}>
                    <Table.Td>
                      {customer(v)} {v.sold && <Badge color="green">Sold</Badge>}
                      {stores.length > 1 && (
                        <Text size="xs" c="dimmed">
                          {v.storeName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{v.userName}</Table.Td>
                    <Table.Td>{timeOf(v.startedAt, v.timeZone)}</Table.Td>
                    <Table.Td fw={600}>{elapsed(v, now)}</Table.Td>
                    <Table.Td>
                      {v.stepsDone} of {v.items?.length ?? 0}
                    </Table.Td>
                    <Table.Td>{actions(v)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <Group gap="sm" align="flex-end" role="search" aria-label="Filters">
        <TextInput type="date" label="From" description={startDate ? undefined : 'Today'} value={startDate} onChange={(e) => set('from', e.currentTarget.value)} />
        <TextInput type="date" label="To" value={endDate} onChange={(e) => set('to', e.currentTarget.value)} />
        <Select
          label="Sales person"
          placeholder="Everyone"
          clearable
          data={(choices.data?.users ?? []).map((u) => ({ value: u.userId, label: u.name }))}
          value={userId || null}
          onChange={(v) => set('user', v ?? '')}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={VISIT_STATUSES.map((s) => ({ value: String(s.id), label: s.label }))}
          value={status || null}
          onChange={(v) => set('status', v ?? '')}
        />
      </Group>
      {(summary.isError || list.isError) && <Alert color="red">The visits could not be read. Check the dates.</Alert>}

      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} aria-label="Summary">
        {[
          ['Visits', totals?.total],
          ['In progress', totals?.inProgress],
          ['Completed', totals?.completed],
          ['Sold', totals?.sold],
          ['Sold %', totals ? `${totals.soldPercent}%` : undefined],
          ['Average length', totals ? `${totals.averageMinutes} min` : undefined],
        ].map(([label, value]) => (
          <Paper key={String(label)} withBorder p="xs">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value ?? '–'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Paper withBorder p="sm" component="section" aria-label="Visits">
        <Title order={2} size="h4" mb="xs">
          Visits
        </Title>
        {list.data && list.data.rows.length === 0 && <Text c="dimmed">No visits in these days.</Text>}
        {list.data && list.data.rows.length > 0 && (
          <Table.ScrollContainer minWidth={900}>
            <Table striped aria-label={`${title} visits`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Sales person</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Length</Table.Th>
                  <Table.Th>Steps</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((v) => (
                  <Table.Tr key={v.touchpointInstanceId} aria-label={`Visit of ${v.contactName}`}>
                    <Table.Td>{customer(v)}</Table.Td>
                    <Table.Td miw={130}>
                      <Group gap={4}>
                        <Badge color={statusColor(v.status)} variant="light" style={{ overflow: 'visible' }}>
                          {statusName(v.status)}
                        </Badge>
                        {v.sold && <Badge color="green">Sold</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>{v.userName}</Table.Td>
                    <Table.Td>{timeOf(v.startedAt, v.timeZone, true)}</Table.Td>
                    <Table.Td>{elapsed(v, now)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {(v.items ?? []).map((it) => (
                          <Badge key={it.itemSlug} size="xs" variant={it.status === 3 ? 'filled' : 'outline'} color={statusColor(it.status)} title={`${it.name}: ${statusName(it.status)}`}>
                            {it.name}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{actions(v)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {(list.data?.pageData?.pageTotal ?? 0) > 1 && (
          <Pagination mt="sm" total={list.data?.pageData?.pageTotal ?? 1} value={page} onChange={(p) => set('page', String(p))} aria-label="Pages" />
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="sm" component="section" aria-label="By sales person">
          <Title order={2} size="h4" mb="xs">
            By sales person
          </Title>
          <Table aria-label="Summary by sales person">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sales person</Table.Th>
                <Table.Th>Visits</Table.Th>
                <Table.Th>Completed</Table.Th>
                <Table.Th>Sold</Table.Th>
                <Table.Th>Avg min</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.map((p) => (
                <Table.Tr key={`${p.accountPlatformId}-${p.userId}`}>
                  <Table.Td>
                    {p.userName || p.userId}
                    {stores.length > 1 && (
                      <Text size="xs" c="dimmed">
                        {p.storeName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{p.total}</Table.Td>
                  <Table.Td>{p.completed}</Table.Td>
                  <Table.Td>{p.sold}</Table.Td>
                  <Table.Td>{p.averageMinutes}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="sm" component="section" aria-label="Results by touchpoint">
          <Title order={2} size="h4" mb="xs">
            Results by step
          </Title>
          <Table aria-label="Results by step">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step</Table.Th>
                <Table.Th>Done</Table.Th>
                <Table.Th>Skipped</Table.Th>
                <Table.Th>Not done</Table.Th>
                <Table.Th>Done %</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(results.data?.steps ?? []).map((s) => (
                <Table.Tr key={s.itemSlug}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{s.completed}</Table.Td>
                  <Table.Td>{s.canceled}</Table.Td>
                  <Table.Td>{s.notStarted + s.started}</Table.Td>
                  <Table.Td>{s.completedPercent}%</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group gap="xs" mt="xs">
            {(results.data?.results ?? []).map((r) => (
              <Badge key={r.result} variant="light">
                {r.name}: {r.count}
              </Badge>
            ))}
          </Group>
        </Paper>
      </SimpleGrid>

      {starting && <StartTouchpointModal opened onClose={() => setStarting(false)} stores={stores} touchpoint={kind} />}
      <StepInfoModal visit={dialog?.kind === 'steps' ? dialog.visit : null} onClose={() => setDialog(null)} />
      <MarkSoldModal visit={dialog?.kind === 'sold' ? dialog.visit : null} onClose={() => setDialog(null)} />
      <EndVisitModal visit={dialog?.kind === 'end' ? dialog.visit : null} onClose={() => setDialog(null)} />
    </Stack>
  );
}
