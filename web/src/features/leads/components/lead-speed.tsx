import { Anchor, Stack, Text } from '@mantine/core';

import type { LeadsLogRow } from '../../../lib/api/types';
import { formatSpan, leadTiming, TONE_COLOR, telHref } from '../lead-timing';

type LeadSpeedProps = {
  row: Pick<LeadsLogRow, 'createdAt' | 'leadStatusId' | 'firstResponseSeconds' | 'responseTargetMinutes'> &
    Partial<Pick<LeadsLogRow, 'responseDueAt'>>;
  /** The time the age counts to (milliseconds since the epoch). */
  now: number;
};

/**
 * LeadSpeed is a lead's speed to lead: its age since it arrived, coloured while it waits for a
 * first response (orange past half the store's target, red past it; the target counts the
 * store's working hours), and the first response time once someone answered it (in working
 * hours, red when it came after the target).
 */
export function LeadSpeed({ row, now }: LeadSpeedProps) {
  const t = leadTiming(row, now);
  const age = formatSpan(t.ageSeconds);
  const target = `${t.targetMinutes} min`;
  const waiting = t.ageTone !== 'none';
  const ageLabel = waiting
    ? `Waiting ${age}${t.ageTone === 'late' ? `, past the ${target} target` : ` of the ${target} target`}`
    : `Age ${age}`;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={waiting ? 600 : undefined} c={TONE_COLOR[t.ageTone]} data-tone={t.ageTone} aria-label={ageLabel} title={ageLabel}>
        {waiting ? `Waiting ${age}` : age}
      </Text>
      {t.responseSeconds !== undefined ? (
        <Text size="xs" c={TONE_COLOR[t.responseTone]} data-tone={t.responseTone}>
          First response {formatSpan(t.responseSeconds)}
          {t.responseTone === 'late' ? ` (target ${target})` : ''}
        </Text>
      ) : waiting ? (
        <Text size="xs" c="dimmed">
          Not answered yet
        </Text>
      ) : null}
    </Stack>
  );
}

/** LeadContact is a lead's customer's phone (to call) and e-mail address (to write to). */
export function LeadContact({ row }: { row: Pick<LeadsLogRow, 'contactPhone' | 'contactEmail'> }) {
  if (!row.contactPhone && !row.contactEmail) return null;
  return (
    <Stack gap={0}>
      {row.contactPhone ? (
        <Anchor size="xs" href={telHref(row.contactPhone)}>
          {row.contactPhone}
        </Anchor>
      ) : null}
      {row.contactEmail ? (
        <Anchor size="xs" href={`mailto:${row.contactEmail}`} title={row.contactEmail} truncate="end" maw={230} display="block">
          {row.contactEmail}
        </Anchor>
      ) : null}
    </Stack>
  );
}
