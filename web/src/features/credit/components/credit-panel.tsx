import { Alert, Badge, Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { EmptyState } from '../../../components/ui/empty-state';
import type { CreditRequest } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useCreditHistory } from '../api/get-credit-history';
import { useRequestCredit, type CreditProduct } from '../api/request-credit';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const PRODUCT_LABELS: Record<CreditProduct, string> = { BaseRequest: 'Credit report', PreScreen: 'Pre-screen' };

const STATUS_LABELS: Record<CreditRequest['status'], { label: string; color: string }> = {
  Completed: { label: 'Completed', color: 'green' },
  Pending: { label: 'Pending', color: 'blue' },
  NoHit: { label: 'No file', color: 'gray' },
  Failed: { label: 'Failed', color: 'red' },
};

/** newRequestId names one submission, so a retried request has no second effect at the bureau. */
function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * CreditAction is the profile header's Credit action: it opens the customer's credit history,
 * from which a pre-screen (soft pull) or a credit report (hard pull) is requested.
 */
export function CreditAction({ contactId, canEdit }: { contactId: number; canEdit: boolean }) {
  const [opened, setOpened] = useState(false);
  if (contactId < 1) return null;
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)}>
        Credit
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Credit" size="lg" centered>
        <CreditPanel contactId={contactId} canRequest={canEdit} />
      </Modal>
    </>
  );
}

/**
 * CreditPanel lists a customer's credit requests, newest first, and requests new ones. Failures
 * show in place with the server's words: a history that cannot be loaded, applicant details the
 * bureau refused, a bureau that failed, or a store without a configured credit bureau.
 */
export function CreditPanel({ contactId, canRequest }: { contactId: number; canRequest: boolean }) {
  const history = useCreditHistory(contactId);
  const request = useRequestCredit(contactId);
  const run = (product: CreditProduct) =>
    request.mutate(
      { product, body: { applicantContactId: contactId, requestId: newRequestId() } },
      { onSuccess: () => notify('success', `The ${PRODUCT_LABELS[product].toLowerCase()} was requested.`) },
    );
  const running = request.isPending ? request.variables?.product : undefined;

  return (
    <Stack gap="md">
      {canRequest ? (
        <Group gap="xs" role="group" aria-label="Request credit">
          <Button size="xs" variant="light" onClick={() => run('PreScreen')} loading={running === 'PreScreen'} disabled={request.isPending}>
            Pre-screen
          </Button>
          <Button size="xs" onClick={() => run('BaseRequest')} loading={running === 'BaseRequest'} disabled={request.isPending}>
            Credit report
          </Button>
        </Group>
      ) : null}
      {request.isError ? (
        <Alert color="red" title="The credit request could not be made" role="alert">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {errorMessage(request.error)}
          </Text>
        </Alert>
      ) : null}
      {history.isPending ? (
        <Center py="md" role="status" aria-label="Loading the credit history">
          <Loader size="sm" />
        </Center>
      ) : history.isError ? (
        <Alert color="red" title="The credit history could not be loaded" role="alert">
          {errorMessage(history.error)}
        </Alert>
      ) : history.data.length === 0 ? (
        <EmptyState title="No credit requests yet">Pre-screens and credit reports about this customer will show here.</EmptyState>
      ) : (
        <Table aria-label="Credit requests" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th>Bureau</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.map((r) => (
              <Table.Tr key={r.creditRequestId}>
                <Table.Td>{dateTime.format(new Date(r.created))}</Table.Td>
                <Table.Td>{PRODUCT_LABELS[r.product]}</Table.Td>
                <Table.Td>{r.bureau}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_LABELS[r.status].color} variant="light">
                    {STATUS_LABELS[r.status].label}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.status === 'Completed' && r.score > 0 ? `${r.score}${r.scoreModel ? ` (${r.scoreModel})` : ''}` : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
