import { Alert, Button, Center, Checkbox, Group, Loader, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { ApiError, isApiError } from '../../../lib/api/api-error';
import type { StoreSettings, WorkDay } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { changeOf, useSaveStoreSettings, useStoreSettings } from '../api/store-settings';

type WorkingHoursModalProps = {
  storeId: number;
  storeName: string;
  opened: boolean;
  onClose: () => void;
};

/** The week as a dealership reads it: Monday first. */
const WEEK: WorkDay['Day'][] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * WorkingHoursModal edits a store's working hours, day by day in its time zone, and the target
 * time of a new lead's first response. Workflow tasks that keep the work schedule fall due within
 * the hours, and the Leads Log and the dashboards' speed to lead count business time in them.
 */
export function WorkingHoursModal({ storeId, storeName, opened, onClose }: WorkingHoursModalProps) {
  const settings = useStoreSettings(storeId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={`Working hours: ${storeName}`} size="lg">
      {settings.isPending ? (
        <Center py="md" role="status" aria-label="Loading the store's settings">
          <Loader size="sm" />
        </Center>
      ) : settings.isError ? (
        <Alert color="red" title="The store's settings could not be loaded" role="alert">
          {errorMessage(settings.error)}
        </Alert>
      ) : (
        <HoursForm key={`${settings.data.AccountPlatformID}-${settings.data.Version}`} read={settings.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function HoursForm({ read, onClose }: { read: StoreSettings; onClose: () => void }) {
  const save = useSaveStoreSettings();
  const [days, setDays] = useState<WorkDay[]>(() =>
    WEEK.map((name) => {
      const d = (read.BusinessHours ?? []).find((x) => x.Day === name);
      return { Day: name, Open: d?.Open || '09:00', Close: d?.Close || '19:00', Closed: d?.Closed ?? name === 'Sunday' };
    }),
  );
  const [target, setTarget] = useState<string | number>(read.LeadSettings.ResponseTimeMinutes || '');
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  // The server names a day by its place in the list it was sent, which is this form's order.
  const dayError = (i: number, field: 'Open' | 'Close' | 'Day') => fieldErrors[`BusinessHours[${i}].${field}`]?.[0];
  const edit = (i: number, patch: Partial<WorkDay>) => setDays((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const minutes = typeof target === 'number' ? target : 0;
    // The saved settings arrive at a new version, which renders this form anew before a per-call
    // callback would run: the promise of mutateAsync settles either way. A failure shows in the form.
    save
      .mutateAsync(
        changeOf(read, {
          BusinessHours: days.map((d) => (d.Closed ? { Day: d.Day, Closed: true } : { Day: d.Day, Open: d.Open, Close: d.Close })),
          LeadSettings: { ...read.LeadSettings, ResponseTimeMinutes: minutes },
        }),
      )
      .then(
        () => {
          notify('success', 'The working hours are saved.');
          onClose();
        },
        () => {},
      );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          In the store&apos;s time zone. Workflow tasks that keep the work schedule fall due within these hours, and the Leads Log and the
          dashboards count response times in them.
        </Text>
        <Table verticalSpacing={4} aria-label="Working hours by day">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Open</Table.Th>
              <Table.Th>Opens at</Table.Th>
              <Table.Th>Closes at</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((d, i) => (
              <Table.Tr key={d.Day}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {d.Day}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Checkbox aria-label={`Open on ${d.Day}`} checked={!d.Closed} onChange={(e) => edit(i, { Closed: !e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    size="xs"
                    aria-label={`${d.Day} opens at`}
                    disabled={d.Closed}
                    value={d.Open ?? ''}
                    onChange={(e) => edit(i, { Open: e.currentTarget.value })}
                    error={dayError(i, 'Open') ?? dayError(i, 'Day')}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    size="xs"
                    aria-label={`${d.Day} closes at`}
                    disabled={d.Closed}
                    value={d.Close ?? ''}
                    onChange={(e) => edit(i, { Close: e.currentTarget.value })}
                    error={dayError(i, 'Close')}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {fieldErrors.BusinessHours?.[0] && (
          <Text size="sm" c="red" role="alert">
            {fieldErrors.BusinessHours[0]}
          </Text>
        )}
        <NumberInput
          label="First response target (minutes)"
          description="How soon a new lead should be answered, in working time. Empty for 15 minutes."
          min={0}
          max={1440}
          allowDecimal={false}
          value={target}
          onChange={setTarget}
          error={fieldErrors['LeadSettings.ResponseTimeMinutes']?.[0]}
          maw={260}
        />
        {save.isError && !Object.keys(fieldErrors).length && (
          <Alert color="red" role="alert" title={isApiError(save.error, 409) ? 'Someone else changed these settings' : 'The hours could not be saved'}>
            {isApiError(save.error, 409) ? 'Close this window and open it again to see their change, then make yours.' : errorMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
