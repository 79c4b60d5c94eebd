/** DateRangeKey is one of the spec's dashboard date ranges. */
export type DateRangeKey = 'today' | 'yesterday' | '7' | '14' | '30' | '60' | '90' | '180' | '365';

/** DATE_RANGES are the spec's date ranges, in the order the picker lists them. */
export const DATE_RANGES: readonly { value: DateRangeKey; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: '7', label: 'Last 7 days' },
  { value: '14', label: 'Last 14 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '60', label: 'Last 60 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '180', label: 'Last 180 days' },
  { value: '365', label: 'Last 365 days' },
];

/** DEFAULT_RANGE is the range a dashboard opens with. */
export const DEFAULT_RANGE: DateRangeKey = '7';

/** isDateRangeKey reports whether s names one of the ranges. */
export function isDateRangeKey(s: string | null): s is DateRangeKey {
  return DATE_RANGES.some((r) => r.value === s);
}

/** COUNTER_LABELS names the dashboards' counters as users read them. */
export const COUNTER_LABELS: Record<string, string> = {
  leadsCreated: 'New leads',
  leadsClaimed: 'Leads claimed',
  leadsAssigned: 'Leads assigned',
  leadsSold: 'Leads sold',
  leadsLost: 'Leads lost',
  calls: 'Calls',
  callsContacted: 'Calls reaching the customer',
  notes: 'Notes',
  emails: 'E-mails',
  texts: 'Texts',
  automatedMessages: 'Automated messages',
  inboundMessages: 'Customer replies',
  tasksCompleted: 'Tasks completed',
  appointmentsSet: 'Appointments set',
  appointmentsConfirmed: 'Appointments confirmed',
  appointmentsShown: 'Appointments shown',
  appointmentsNoShow: 'No-shows',
  appointmentsCancelled: 'Appointments cancelled',
  showroomVisits: 'Showroom visits',
  deliveries: 'Deliveries',
  visitsSold: 'Visits sold',
  visitsCanceled: 'Visits canceled',
};

/** STAGE_LABELS names the BDC funnel's stages. */
export const STAGE_LABELS: Record<string, string> = {
  leads: 'Leads',
  contacted: 'Contacted',
  appointmentSet: 'Appointment set',
  shown: 'Shown',
  sold: 'Sold',
};

/** CLOCK_LABELS names the speed-to-lead clocks. */
export const CLOCK_LABELS: Record<string, string> = {
  firstAutomatedReply: 'First automated reply',
  firstHumanResponse: 'First human response',
  firstTwoWayExchange: 'First two-way exchange',
};
