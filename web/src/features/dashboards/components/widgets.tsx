import { Alert, Anchor, Badge, Button, Card, Group, Loader, Pagination, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { errorMessage } from '../../../lib/notify';
import { useFunnel, useFunnelLeads, useSpeedToLead } from '../api/get-funnel';
import { useSummary } from '../api/get-summary';
import { exportTeam, TEAM_PAGE_SIZE, useTeam } from '../api/get-team';
import type { DashboardRangeBody } from '../api/keys';
import { describeHours } from '../business-hours';
import { CLOCK_LABELS, COUNTER_LABELS, STAGE_LABELS } from '../date-range';
import { HorizontalBars, TrendChart } from './charts';

/** WidgetCard is one widget: a titled region of the dashboard. */
export function WidgetCard({ id, title, children, action, wide }: { id: string; title: string; children: ReactNode; action?: ReactNode; wide?: boolean }) {
  const titleId = `widget-${id}`;
  // A wide widget (a table of the team, the funnel's leads) takes the whole row of the grid.
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={titleId} mih={180} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {action}
      </Group>
      <Stack gap="sm" mt="sm">
        {children}
      </Stack>
    </Card>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Group>
      <Loader size="sm" aria-label={label} />
    </Group>
  );
}

function Failed({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert color="red" role="alert" title={title}>
      {errorMessage(error)}
    </Alert>
  );
}

/** Stat is one count of a widget, its label and number read together. */
function Stat({ counter, value }: { counter: string; value: number }) {
  const label = COUNTER_LABELS[counter] ?? counter;
  return (
    <div role="group" aria-label={`${label}: ${value}`}>
      <Text size="xs" c="dimmed" aria-hidden="true">
        {label}
      </Text>
      <Text fw={700} size="xl" aria-hidden="true" data-testid={`stat-${counter}`}>
        {value}
      </Text>
    </div>
  );
}

const TILES = ['leadsCreated', 'calls', 'emails', 'texts', 'appointmentsSet', 'appointmentsShown', 'showroomVisits', 'leadsSold', 'tasksCompleted'];

/** ActivityWidget is the Dashboard widget: the range's key counts and the daily trend. */
export function ActivityWidget({ body }: { body: DashboardRangeBody }) {
  const summary = useSummary('/api/Activity/summary', body);
  return (
    <WidgetCard id="dashboard" title="Dashboard">
      {summary.isPending && <Loading label="Loading the dashboard's counts" />}
      {summary.isError && <Failed title="The counts could not be loaded" error={summary.error} />}
      {summary.data && (
        <>
          <SimpleGrid cols={{ base: 3, sm: 3 }} spacing="xs">
            {TILES.map((c) => (
              <Stat key={c} counter={c} value={summary.data.totals[c] ?? 0} />
            ))}
          </SimpleGrid>
          <TrendChart
            title="Calls, e-mails and texts per day"
            items={(summary.data.days ?? []).map((d) => ({ label: d.day, value: (d.counts.calls ?? 0) + (d.counts.emails ?? 0) + (d.counts.texts ?? 0) }))}
          />
        </>
      )}
    </WidgetCard>
  );
}

function minutes(m: number | null | undefined): string {
  if (m == null) return '–';
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${Math.round(m % 60)} min`;
}

/**
 * FunnelWidget is the BDC funnel of the range's leads (leads, contacted, appointment set, shown,
 * sold) with each stage's leads a click away, and the speed to lead beside it.
 */
export function FunnelWidget({ body }: { body: DashboardRangeBody }) {
  const funnel = useFunnel(body);
  const speed = useSpeedToLead(body);
  const [stage, setStage] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const leads = useFunnelLeads(body, stage, page);
  return (
    <WidgetCard id="funnel" title="Lead funnel and speed to lead" wide>
      {funnel.isPending && <Loading label="Loading the lead funnel" />}
      {funnel.isError && <Failed title="The lead funnel could not be loaded" error={funnel.error} />}
      {funnel.data && (
        <>
          <HorizontalBars title="Lead funnel" valueLabel="Leads" items={(funnel.data.steps ?? []).map((s) => ({ label: STAGE_LABELS[s.stage] ?? s.stage, value: s.count }))} />
          <Group gap="xs" role="group" aria-label="Show the leads of a stage">
            {(funnel.data.steps ?? []).map((s) => (
              <Button
                key={s.stage}
                size="compact-sm"
                variant={stage === s.stage ? 'filled' : 'light'}
                aria-pressed={stage === s.stage}
                onClick={() => {
                  setStage(stage === s.stage ? null : s.stage);
                  setPage(1);
                }}
              >
                {`${STAGE_LABELS[s.stage] ?? s.stage} (${s.count})`}
              </Button>
            ))}
          </Group>
        </>
      )}
      {stage && leads.isPending && <Loading label="Loading the stage's leads" />}
      {stage && leads.isError && <Failed title="The leads could not be loaded" error={leads.error} />}
      {stage && leads.data && (
        <>
          <Table striped aria-label={`Leads: ${STAGE_LABELS[stage] ?? stage}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Arrived</Table.Th>
                <Table.Th>Held by</Table.Th>
                <Table.Th>First human response</Table.Th>
                <Table.Th>First two-way exchange</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leads.data.leads.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>No leads reached this stage.</Table.Td>
                </Table.Tr>
              )}
              {leads.data.leads.map((l) => (
                <Table.Tr key={l.crmLeadId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/app/contact/${l.contactId}`}>
                      {l.contactName || `Lead ${l.crmLeadId}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{new Date(l.arrivedAt).toLocaleString()}</Table.Td>
                  <Table.Td>{l.userName || 'Nobody'}</Table.Td>
                  <Table.Td>{minutes(l.firstHumanResponseMinutes)}</Table.Td>
                  <Table.Td>{minutes(l.firstTwoWayExchangeMinutes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {(leads.data.pageData?.pageTotal ?? 0) > 1 && (
            <Pagination total={leads.data.pageData?.pageTotal ?? 1} value={page} onChange={setPage} size="sm" aria-label="Pages of the stage's leads" />
          )}
        </>
      )}
      {speed.data && (
        <Table aria-label="Speed to lead in business hours">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Clock</Table.Th>
              <Table.Th ta="right">Median</Table.Th>
              <Table.Th ta="right">Average</Table.Th>
              <Table.Th ta="right">Still waiting</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(speed.data.overall ?? []).map((c) => (
              <Table.Tr key={c.clock}>
                <Table.Td>{CLOCK_LABELS[c.clock] ?? c.clock}</Table.Td>
                <Table.Td ta="right">{c.stopped > 0 ? minutes(c.medianMinutes) : '–'}</Table.Td>
                <Table.Td ta="right">{c.stopped > 0 ? minutes(c.averageMinutes) : '–'}</Table.Td>
                <Table.Td ta="right">{c.waiting}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {speed.data && (speed.data.byPerson ?? []).length > 0 && (
        <HorizontalBars
          title="Median minutes to the first human response, by person"
          valueLabel="Minutes"
          color="var(--mantine-color-orange-6)"
          items={(speed.data.byPerson ?? []).map((g) => ({ label: g.name, value: (g.clocks ?? []).find((c) => c.clock === 'firstHumanResponse')?.medianMinutes ?? 0 }))}
        />
      )}
      {speed.data && (
        <Text size="xs" c="dimmed">
          {`Counted in each store's working hours: ${(speed.data.hours ?? []).map((h) => `${h.name} ${describeHours(h.hours ?? [])}`).join('; ')}. Automated messages never count as a human response.`}
        </Text>
      )}
    </WidgetCard>
  );
}

/** EngagementWidget is the Customer Engagement widget: calls, e-mails and texts, per person. */
export function EngagementWidget({ body, title }: { body: DashboardRangeBody; title: string }) {
  const summary = useSummary('/api/Activity/summary/engaged', body);
  return (
    <WidgetCard id="customerEngagement" title={title}>
      {summary.isPending && <Loading label="Loading the customer engagement" />}
      {summary.isError && <Failed title="The customer engagement could not be loaded" error={summary.error} />}
      {summary.data && (
        <>
          <SimpleGrid cols={3} spacing="xs">
            {['calls', 'emails', 'texts', 'callsContacted', 'inboundMessages', 'notes'].map((c) => (
              <Stat key={c} counter={c} value={summary.data.totals[c] ?? 0} />
            ))}
          </SimpleGrid>
          {(summary.data.users ?? []).length > 0 ? (
            <HorizontalBars
              title="Calls, e-mails and texts by person"
              items={(summary.data.users ?? []).map((u) => ({ label: u.userName, value: (u.counts.calls ?? 0) + (u.counts.emails ?? 0) + (u.counts.texts ?? 0) }))}
            />
          ) : (
            <Text c="dimmed" size="sm">
              No calls, e-mails or texts in this range.
            </Text>
          )}
        </>
      )}
    </WidgetCard>
  );
}

const TEAM_COLUMNS = ['calls', 'emails', 'texts', 'tasksCompleted', 'appointmentsSet', 'leadsSold'];

/** TeamWidget is the Team Management widget: the team's counts, a page at a time, and CSV. */
export function TeamWidget({ body }: { body: DashboardRangeBody }) {
  const [page, setPage] = useState(1);
  const team = useTeam(body, page);
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      const blob = await exportTeam(body);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'team-activity.csv';
      a.click();
      URL.revokeObjectURL(url);
    } finally {
      setExporting(false);
    }
  };
  const total = team.data?.pageData?.pageTotal ?? 0;
  return (
    <WidgetCard
      id="teamManagement"
      title="Team Management"
      wide
      action={
        <Button size="compact-sm" variant="default" onClick={download} loading={exporting}>
          Export CSV
        </Button>
      }
    >
      {team.isPending && <Loading label="Loading the team" />}
      {team.isError && <Failed title="The team could not be loaded" error={team.error} />}
      {team.data && (
        <>
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label="Team activity">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  {TEAM_COLUMNS.map((c) => (
                    <Table.Th key={c} ta="right">
                      {COUNTER_LABELS[c]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {team.data.members.map((m) => (
                  <Table.Tr key={m.userId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {m.userName}{' '}
                      {(m.roles ?? []).slice(0, 1).map((r) => (
                        <Badge key={r} size="xs" variant="light" color="gray">
                          {r}
                        </Badge>
                      ))}
                    </Table.Td>
                    {TEAM_COLUMNS.map((c) => (
                      <Table.Td key={c} ta="right">
                        {m.counts[c] ?? 0}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > 1 && <Pagination total={total} value={page} onChange={setPage} size="sm" aria-label="Pages of the team" />}
          <Text size="xs" c="dimmed">{`${team.data.pageData?.totalRecords ?? team.data.members.length} users, ${TEAM_PAGE_SIZE} a page.`}</Text>
        </>
      )}
    </WidgetCard>
  );
}
