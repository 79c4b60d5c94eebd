import { Alert, Anchor, Badge, Button, Chip, CloseButton, Group, Loader, Paper, Progress, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/ui/empty-state';
import { PopupLoading } from '../../../components/ui/popup-loading';
import type { LeadsLogFilter, LeadsLogRow, Store } from '../../../lib/api/types';
import { errorMessage, notify, notifyError } from '../../../lib/notify';
import { exportLeadsLog, saveFile, type ExportProgress } from '../api/export-leads-log';
import { useLeadSources } from '../api/lead-sources';
import { LEADS_LOG_PAGE_SIZE, useLeadsLog, useLeadsLogCounts } from '../api/leads-log';
import { chosenVehicle, vehicleLabel, type LeadChange } from '../lead-display';
import type { LeadPowers } from '../lead-roles';
import { DEFAULT_STATUSES, isLeadStatus, LEAD_STATUSES, statusLabel } from '../lead-status';
import { useNow } from '../use-now';
import { LeadActions, LeadModals } from './lead-actions';
import type { LeadDialog } from './lead-modals';
import { LeadContact, LeadSpeed } from './lead-speed';

/** The address parameters of the Leads Log's filter and page. */
const P = { status: 'status', store: 'store', type: 'type', source: 'source', from: 'from', to: 'to', page: 'page', assigned: 'assigned', text: 'q' } as const;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type LeadsLogProps = {
  stores: Store[];
  profilePath: (contactId: number) => string;
  /** What the user may do with the leads, by their roles. */
  powers: LeadPowers;
};

/** readFilter reads the filter and page from the address; unknown values are left out. */
function readFilter(params: URLSearchParams, stores: Store[]): { filter: LeadsLogFilter; statuses: number[]; page: number } {
  const statuses = params
    .getAll(P.status)
    .map(Number)
    .filter((s) => Number.isInteger(s) && isLeadStatus(s));
  const store = Number(params.get(P.store));
  const ids = stores.map((s) => s.AccountPlatformID);
  const filter: LeadsLogFilter = {
    accountPlatformIds: ids.includes(store) ? [store] : ids,
    selectedStatusTypes: statuses.length > 0 ? statuses : [...DEFAULT_STATUSES],
  };
  const type = Number(params.get(P.type));
  if (type > 0) filter.leadTypeIds = [type];
  const source = Number(params.get(P.source));
  if (source > 0) filter.leadSourceIds = [source];
  const from = params.get(P.from) ?? '';
  if (DAY.test(from)) filter.dateFrom = from;
  const to = params.get(P.to) ?? '';
  if (DAY.test(to)) filter.dateTo = to;
  const assigned = params.get(P.assigned)?.trim();
  if (assigned) filter.assignedUserId = assigned;
  const text = params.get(P.text)?.trim().slice(0, 100);
  if (text) filter.text = text;
  const page = Math.max(1, Math.floor(Number(params.get(P.page)) || 1));
  return { filter, statuses: filter.selectedStatusTypes ?? [], page };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;
}

/** A lead the user changed from the log: kept in its place, as it now is, until the user moves on. */
type Kept = { row: LeadsLogRow; note: string; index: number };

/**
 * withKept returns the rows of the page with the rows the user changed on it: a changed lead
 * shows as the server answered the change (with the note saying what happened), and one that
 * no longer matches the filter stays where it was.
 */
function withKept(rows: LeadsLogRow[], kept: Map<number, Kept>): { row: LeadsLogRow; note?: string }[] {
  const out: { row: LeadsLogRow; note?: string }[] = rows.map((row) => {
    const k = kept.get(row.crmLeadId);
    return k ? { row: row.version >= k.row.version ? { ...k.row, ...row } : k.row, note: k.note } : { row };
  });
  const gone = [...kept.values()].filter((k) => !rows.some((r) => r.crmLeadId === k.row.crmLeadId)).sort((x, y) => x.index - y.index);
  for (const k of gone) out.splice(Math.min(k.index, out.length), 0, { row: k.row, note: k.note });
  return out;
}

/**
 * LeadsLog is the Leads Log: the leads of the user's stores filtered by status (the active ones
 * by default), store, type, source, creation date and text, with the counts per status, a page
 * of 25 results at a time, claims of unclaimed leads, status changes, and the CSV export. Each
 * lead shows its customer's phone and e-mail and its speed to lead: its age, live and coloured
 * against the store's response target, and its first response time once answered. A lead the
 * user claims or changes stays in its place with what happened until the filter or the page
 * changes. The filter and the page live in the address; on a phone the leads are cards.
 */
export function LeadsLog({ stores, profilePath, powers }: LeadsLogProps) {
  const [params, setParams] = useSearchParams();
  const { filter, statuses, page } = useMemo(() => readFilter(params, stores), [params, stores]);
  const storeIds = filter.accountPlatformIds ?? [];
  const enabled = storeIds.length > 0;
  const results = useLeadsLog({ ...filter, pageNumber: page, pageSize: LEADS_LOG_PAGE_SIZE }, enabled);
  const counts = useLeadsLogCounts(filter, enabled);
  const sources = useLeadSources(storeIds);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const now = useNow();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  // The leads changed by the user, for the filter and page they were changed on.
  const view = params.toString();
  const [kept, setKept] = useState<{ view: string; leads: Map<number, Kept> }>({ view, leads: new Map() });
  const keptHere = kept.view === view ? kept.leads : new Map<number, Kept>();
  const [text, setText] = useState(params.get(P.text) ?? '');
  // The lead dialog open, kept here rather than in a row: the rows change layout (table or
  // cards) with the screen's width, and the dialog and what was typed in it stay across that.
  const [dialog, setDialog] = useState<{ row: LeadsLogRow; index: number; which: LeadDialog | null } | null>(null);
  const openDialog = (index: number, row: LeadsLogRow) => (which: LeadDialog) => setDialog({ row, index, which });

  const update = (changes: Record<string, string | string[] | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      next.delete(key);
      if (Array.isArray(value)) for (const v of value) next.append(key, v);
      else if (value) next.set(key, value);
    }
    if (!('page' in changes)) next.delete(P.page);
    setParams(next);
  };
  const searchText = useDebouncedCallback((value: string) => update({ [P.text]: value.trim() || null }), 350);

  const typeOptions = (sources.data?.[0]?.leadTypes ?? []).map((t) => ({ value: String(t.leadTypeId), label: t.name }));
  const sourceOptions = useMemo(() => {
    const seen = new Map<number, string>();
    for (const s of sources.data ?? []) for (const src of s.leadSources ?? []) if (!seen.has(src.leadSourceId)) seen.set(src.leadSourceId, src.name);
    return [...seen.entries()].map(([id, name]) => ({ value: String(id), label: name }));
  }, [sources.data]);

  const countOf = (id: number) => counts.data?.find((c) => c.leadStatusId === id)?.count ?? 0;
  const serverRows = results.data?.rows ?? [];
  const rows = withKept(serverRows, keptHere);
  const pageData = results.data?.pageData;
  const pageTotal = pageData?.pageTotal ?? 1;

  const changed = (index: number, row: LeadsLogRow) => (change: LeadChange) => {
    const next = { ...row, ...change.changes } as LeadsLogRow;
    const matches = statuses.includes(next.displayStatusId);
    const note = matches ? change.note : `${change.note} It no longer matches the filter and leaves the list when you change the filter or the page.`;
    setKept((k) => {
      const leads = new Map(k.view === view ? k.leads : []);
      leads.set(row.crmLeadId, { row: next, note, index });
      return { view, leads };
    });
  };

  const runExport = async () => {
    setProgress({ bytes: 0, rows: 0 });
    try {
      const file = await exportLeadsLog(filter, setProgress);
      saveFile(file, 'leads.csv');
      notify('success', 'The Leads Log export is downloaded.');
    } catch (err) {
      notifyError(err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Leads Log</Title>
        <Button variant="default" onClick={runExport} loading={progress !== null} disabled={!enabled}>
          Export CSV
        </Button>
      </Group>
      {progress && (
        <Paper withBorder p="sm" role="status" aria-label="Export progress">
          <Text size="sm">
            Exporting: {progress.rows} leads ({kilobytes(progress.bytes)}) received
          </Text>
          <Progress value={100} animated striped aria-label="Export progress" mt={6} />
        </Paper>
      )}

      <Paper withBorder p="sm" component="section" aria-label="Filters">
        <Stack gap="sm">
          <TextInput
            type="search"
            label="Find leads"
            placeholder="Customer, phone, e-mail, vehicle or sales person"
            value={text}
            maxLength={100}
            onChange={(e) => {
              setText(e.currentTarget.value);
              searchText(e.currentTarget.value);
            }}
            rightSection={
              text ? (
                <CloseButton
                  aria-label="Clear the search"
                  onClick={() => {
                    setText('');
                    searchText.cancel?.();
                    update({ [P.text]: null });
                  }}
                />
              ) : null
            }
          />
          {filter.assignedUserId && (
            <Group gap="xs">
              <Badge variant="light">Only the leads of one assignee</Badge>
              <Button variant="subtle" size="xs" onClick={() => update({ [P.assigned]: null })}>
                Show everyone&apos;s leads
              </Button>
            </Group>
          )}
          <Chip.Group multiple value={statuses.map(String)} onChange={(v) => update({ [P.status]: v.length > 0 ? v : [] })}>
            <Group gap="xs" role="group" aria-label="Lead status">
              {LEAD_STATUSES.map((s) => (
                <Chip key={s.id} value={String(s.id)} variant="outline">
                  {s.label} ({countOf(s.id)})
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Group gap="sm" align="flex-end">
            {stores.length > 1 && (
              <Select
                label="Store"
                placeholder="All stores"
                clearable
                data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))}
                value={params.get(P.store)}
                onChange={(v) => update({ [P.store]: v })}
              />
            )}
            <Select label="Lead type" placeholder="All types" clearable data={typeOptions} value={params.get(P.type)} onChange={(v) => update({ [P.type]: v })} />
            <Select label="Lead source" placeholder="All sources" clearable data={sourceOptions} value={params.get(P.source)} onChange={(v) => update({ [P.source]: v })} />
            <TextInput type="date" label="Created from" value={params.get(P.from) ?? ''} onChange={(e) => update({ [P.from]: e.currentTarget.value })} />
            <TextInput type="date" label="Created to" value={params.get(P.to) ?? ''} onChange={(e) => update({ [P.to]: e.currentTarget.value })} />
          </Group>
        </Stack>
      </Paper>

      {!enabled && <EmptyState title="No stores">You have no store whose leads you may view.</EmptyState>}
      {results.isError && (
        <Alert color="red" role="alert" title="The leads could not be loaded">
          {errorMessage(results.error)}
        </Alert>
      )}
      {results.isPending && enabled && <Loader aria-label="Loading leads" />}
      {results.isSuccess && rows.length === 0 && <EmptyState title="No leads">No lead matches the filter.</EmptyState>}
      {rows.length > 0 && phone && (
        <Stack component="ul" aria-label="Leads" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map(({ row, note }, index) => {
            const name = row.contactName || `Customer ${row.contactId}`;
            return (
              <Paper component="li" key={row.crmLeadId} withBorder p="sm" aria-label={`Lead of ${name}`}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={profilePath(row.contactId)} fw={600}>
                        {name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {[row.storeName, row.leadTypeName, row.leadSourceName].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                    <StatusBadge row={row} />
                  </Group>
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <LeadContact row={row} />
                    <LeadSpeed row={row} now={now} />
                  </Group>
                  <LeadVehiclesCell row={row} />
                  {row.salesPersonName || row.bdcAgentName ? <Text size="xs">Held by {row.salesPersonName || row.bdcAgentName}</Text> : null}
                  {note ? <ChangeNote note={note} /> : null}
                  <LeadActions lead={{ ...row, contactName: name }} name={`the lead of ${name}`} powers={powers} onChanged={changed(index, row)} onOpenDialog={openDialog(index, row)} touch />
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      {rows.length > 0 && !phone && (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover aria-label="Leads">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
                <Table.Th miw={130}>Speed to lead</Table.Th>
                <Table.Th>Lead</Table.Th>
                <Table.Th>Sales person</Table.Th>
                <Table.Th miw={170}>Vehicles</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ row, note }, index) => {
                const name = row.contactName || `Customer ${row.contactId}`;
                return (
                  <Table.Tr key={row.crmLeadId} aria-label={`Lead of ${name}`}>
                    <Table.Td maw={240}>
                      <Anchor component={Link} to={profilePath(row.contactId)}>
                        {name}
                      </Anchor>
                      <LeadContact row={row} />
                    </Table.Td>
                    <Table.Td miw={160}>
                      <StatusBadge row={row} />
                      {note ? <ChangeNote note={note} /> : null}
                    </Table.Td>
                    <Table.Td>
                      <LeadActions lead={{ ...row, contactName: name }} name={`the lead of ${name}`} powers={powers} onChanged={changed(index, row)} onOpenDialog={openDialog(index, row)} />
                    </Table.Td>
                    <Table.Td>
                      <LeadSpeed row={row} now={now} />
                      <Text size="xs" c="dimmed">
                        {dateTime.format(new Date(row.createdAt))}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.storeName}</Text>
                      <Text size="xs" c="dimmed">
                        {[row.leadTypeName, row.leadSourceName].filter(Boolean).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.salesPersonName || row.bdcAgentName}</Table.Td>
                    <Table.Td>
                      <LeadVehiclesCell row={row} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog ? <LeadsLogDialogs dialog={dialog} rows={rows} onClose={() => setDialog({ ...dialog, which: null })} changed={changed} /> : null}
      {pageData && pageData.totalRecords > 0 && (
        <Group justify="space-between" component="nav" aria-label="Result pages">
          <Text size="sm">
            Page {page} of {pageTotal} ({pageData.totalRecords} leads)
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={page <= 1} onClick={() => update({ [P.page]: String(page - 1) })}>
              Previous
            </Button>
            <Button variant="default" size="xs" disabled={page >= pageTotal || results.isPlaceholderData} onClick={() => update({ [P.page]: String(page + 1) })}>
              Next
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}

/** StatusBadge is a lead's status as the log shows it. */
function StatusBadge({ row }: { row: LeadsLogRow }) {
  return (
    <Badge variant="light" color={row.displayStatusId < 0 ? 'orange' : row.displayStatusId === 1 ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
      {statusLabel(row.displayStatusId)}
    </Badge>
  );
}

/** ChangeNote says what the user just did to a lead. */
function ChangeNote({ note }: { note: string }) {
  return (
    <Text size="xs" c="dimmed" role="status" mt={4}>
      {note}
    </Text>
  );
}

/** LeadVehiclesCell shows a lead's chosen vehicle of interest and its trade-ins. */
function LeadVehiclesCell({ row }: { row: LeadsLogRow }) {
  const chosen = chosenVehicle(row.vehiclesOfInterest);
  const trades = row.tradeIns ?? [];
  return (
    <Stack gap={2}>
      {chosen && <Text size="sm">{vehicleLabel(chosen)}</Text>}
      {trades.map((t) => (
        <Text key={t.crmLeadTradeId} size="xs" c="dimmed">
          Trade-in: {vehicleLabel(t)}
        </Text>
      ))}
    </Stack>
  );
}

type LeadsLogDialogsProps = {
  dialog: { row: LeadsLogRow; index: number; which: LeadDialog | null };
  rows: { row: LeadsLogRow; note?: string }[];
  onClose: () => void;
  changed: (index: number, row: LeadsLogRow) => (change: LeadChange) => void;
};

/** LeadsLogDialogs shows the open lead dialog of the Leads Log, about the lead as it is now. */
function LeadsLogDialogs({ dialog, rows, onClose, changed }: LeadsLogDialogsProps) {
  const row = rows.find((r) => r.row.crmLeadId === dialog.row.crmLeadId)?.row ?? dialog.row;
  const name = row.contactName || `Customer ${row.contactId}`;
  return (
    <Suspense fallback={<PopupLoading label="Loading the form" />}>
      <LeadModals lead={{ ...row, contactName: name }} open={dialog.which} onClose={onClose} onChanged={changed(dialog.index, row)} />
    </Suspense>
  );
}
