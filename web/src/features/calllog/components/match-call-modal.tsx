import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

import { useContactSearch } from '../../contacts';
import type { CallLogRow } from '../../../lib/api/types';
import { useMatchCall } from '../api/call-log';
import { phoneText } from '../call-display';

type Props = { call: CallLogRow | null; onClose: () => void };

/** MatchCallModal finds a customer and matches an unmatched call to them. */
export function MatchCallModal({ call, onClose }: Props) {
  const [term, setTerm] = useState('');
  const [submitted, setSubmitted] = useState('');
  const search = useContactSearch({ term: submitted, pageSize: 10 });
  const match = useMatchCall();
  const results = search.data?.results ?? [];
  return (
    <Modal opened={call !== null} onClose={onClose} title="Match call to a customer" size="lg">
      {call && (
        <Stack>
          <Text size="sm">
            {call.direction === 'outbound' ? 'Call to' : 'Call from'} {call.customerName || 'an unknown caller'}, {phoneText(call.customerPhone)}
          </Text>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setSubmitted(term.trim());
            }}
          >
            <Group align="end">
              <TextInput
                label="Find the customer"
                placeholder="Name, phone or e-mail"
                value={term}
                onChange={(e) => setTerm(e.currentTarget.value)}
                style={{ flex: 1 }}
                data-autofocus
              />
              <Button type="submit" variant="light">
                Search
              </Button>
            </Group>
          </form>
          {match.error && <Alert color="red">{match.error.message}</Alert>}
          {submitted && !search.isFetching && results.length === 0 && <Text c="dimmed">No customer found.</Text>}
          {results.length > 0 && (
            <Table aria-label="Customers found">
              <Table.Tbody>
                {results.map((r) => (
                  <Table.Tr key={r.contactId}>
                    <Table.Td>{r.fullName || r.businessName}</Table.Td>
                    <Table.Td>{r.phone}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        loading={match.isPending}
                        aria-label={`Match to ${r.fullName || r.businessName}`}
                        onClick={() =>
                          match.mutate(
                            { accountPlatformId: call.accountPlatformId, callId: call.id, version: call.version, contactId: r.contactId },
                            { onSuccess: onClose },
                          )
                        }
                      >
                        Match
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
