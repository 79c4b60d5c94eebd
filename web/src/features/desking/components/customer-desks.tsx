import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

import { errorMessage } from '../../../lib/notify';
import { useCustomerDesks } from '../api/desks';
import { deskStatusColor, paymentLine, vehicleName } from '../desk-display';
import { DeskItModal } from './desk-it-modal';
import { PrintFormsModal } from './print-forms';

type CustomerDesksProps = {
  contactId: number;
  /** The customer's store, whose desks are listed. */
  storeId: number;
  /** Whether the user may edit the customer, and so desk them. */
  canEdit: boolean;
};

/**
 * CustomerDesks is the profile's list of the customer's desks, newest first: the vehicle, the
 * status, the deal type with its pinned payment, who desked it and when; Desk it opens the
 * desk-it modal.
 */
export function CustomerDesks({ contactId, storeId, canEdit }: CustomerDesksProps) {
  const desks = useCustomerDesks(contactId, storeId);
  const [open, setOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id={titleId}>
            Desks
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setPrinting(true)}>
              Print forms
            </Button>
            {canEdit && (
              <Button size="xs" onClick={() => setOpen(true)}>
                Desk it
              </Button>
            )}
          </Group>
        </Group>
        {desks.isPending ? (
          <Center py="md" role="status" aria-label="Loading the desks">
            <Loader size="sm" />
          </Center>
        ) : desks.isError ? (
          <Alert color="red" title="The desks could not be loaded" role="alert">
            {errorMessage(desks.error)}
          </Alert>
        ) : desks.data.length === 0 ? (
          <Text c="dimmed">The customer has not been desked.</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Customer desks">
            {desks.data.map((d) => (
              <li key={d.deskId}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={600}>{vehicleName(d)}</Text>
                    <Text size="sm">
                      {d.terms.dealType}
                      {paymentLine(d) ? ` · ${paymentLine(d)}` : ''}
                      {d.trades.length > 0 ? ` · ${d.trades.length} trade${d.trades.length > 1 ? 's' : ''}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Desked by {d.salesPersonName || d.createdBy} on {new Date(d.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} · {d.deskingProvider}
                      {d.notes ? ` · “${d.notes}”` : ''}
                    </Text>
                  </Stack>
                  <Badge color={deskStatusColor(d.status)} variant="light">
                    {d.status}
                  </Badge>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <DeskItModal contactId={contactId} opened={open} onClose={() => setOpen(false)} />
      <PrintFormsModal contactId={contactId} storeId={storeId} opened={printing} onClose={() => setPrinting(false)} />
    </Paper>
  );
}
