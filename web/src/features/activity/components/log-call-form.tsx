import { NumberInput, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import { MSG_CALL_OUTCOME } from '../../../lib/validation';
import { CALL_OUTCOMES } from '../activity-display';
import { logPhoneCall, useActivityMutation } from '../api/log-activity';
import { Actions, firstError, FormProblem, newRequestId, submitWith } from './activity-form-parts';

/** LogCallForm logs a call with the customer: direction, outcome, duration and notes. */
export function LogCallForm({ contactId, onDone }: { contactId: number; onDone: () => void }) {
  const [requestId] = useState(newRequestId);
  const [direction, setDirection] = useState('outbound');
  const [outcome, setOutcome] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<string | number>('');
  const [notes, setNotes] = useState('');
  // The outcome the browser found missing before sending.
  const [missing, setMissing] = useState<string | null>(null);
  const log = useActivityMutation(contactId, logPhoneCall.bind(null, contactId));
  const fields = ['direction', 'outcome', 'durationSeconds', 'notes', 'phoneId'];
  return (
    <form
      noValidate
      onSubmit={submitWith(() => {
        if (!outcome) {
          setMissing(MSG_CALL_OUTCOME);
          log.reset();
          return;
        }
        setMissing(null);
        log.mutate(
          { direction, outcome: outcome ?? '', notes, durationSeconds: Math.round(Number(minutes || 0) * 60), requestId },
          {
            onSuccess: () => {
              notify('success', 'The call was logged.');
              onDone();
            },
          },
        );
      })}
    >
      <Stack gap="sm">
        <FormProblem error={log.error} fields={fields} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="call-direction">
            Direction
          </Text>
          <SegmentedControl
            aria-labelledby="call-direction"
            value={direction}
            onChange={setDirection}
            data={[
              { value: 'outbound', label: 'Outbound' },
              { value: 'inbound', label: 'Inbound' },
            ]}
          />
          {firstError(log.error, 'direction') ? (
            <Text size="xs" c="red">
              {firstError(log.error, 'direction')}
            </Text>
          ) : null}
        </Stack>
        <Select
          label="Outcome"
          placeholder="Choose the outcome"
          data={[...CALL_OUTCOMES]}
          value={outcome}
          onChange={(v) => {
            setOutcome(v);
            if (v) setMissing(null);
          }}
          error={missing ?? firstError(log.error, 'outcome')}
          required
        />
        <NumberInput label="Duration (minutes)" min={0} max={1440} decimalScale={2} value={minutes} onChange={setMinutes} error={firstError(log.error, 'durationSeconds')} />
        <Textarea label="Notes" rows={3} maxLength={4000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={firstError(log.error, 'notes')} />
        <Actions onCancel={onDone} pending={log.isPending}>
          Log call
        </Actions>
      </Stack>
    </form>
  );
}
