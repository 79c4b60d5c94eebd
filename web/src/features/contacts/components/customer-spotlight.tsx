import { Badge, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { useState } from 'react';

import type { Store } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { useContactSearch } from '../api/search-contacts';
import { describeTerm, matchName, storeName } from '../contact-display';

/** How many customers the palette lists; the search screen shows the rest. */
const PALETTE_SIZE = 8;

const [customerSpotlightStore, customerSpotlight] = createSpotlight();

/** openCustomerSpotlight opens the customer command palette (also Ctrl+K or ⌘K). */
export const openCustomerSpotlight = customerSpotlight.open;

type CustomerSpotlightProps = {
  stores: readonly Store[];
  /** Opens a customer's profile. */
  onOpenContact: (contactId: number) => void;
  /** Opens the search screen with the term, for every result. */
  onShowAll: (term: string) => void;
};

/**
 * CustomerSpotlight is the command palette that finds a customer from anywhere in the app:
 * Ctrl+K (⌘K on a Mac) opens it, even from a text field; the arrow keys choose and Enter opens.
 */
export function CustomerSpotlight({ stores, onOpenContact, onShowAll }: CustomerSpotlightProps) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const search = useContactSearch({ term: debounced, pageSize: PALETTE_SIZE });
  const results = search.data?.results ?? [];
  const waiting = query.trim() !== '' && (debounced !== query.trim() || search.isFetching);

  return (
    <Spotlight.Root
      store={customerSpotlightStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      tagsToIgnore={[]}
      title="Find a customer"
      styles={{
        header: { padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md) 0', minHeight: 0 },
        title: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600, color: 'var(--mantine-color-dimmed)' },
      }}
      scrollable
      maxHeight={420}
    >
      <Spotlight.Search
        aria-label="Find a customer"
        placeholder="Email, phone, VIN, stock number or name"
        rightSection={waiting ? <Loader size="xs" aria-label="Searching" /> : null}
      />
      <Spotlight.ActionsList aria-label="Customers found">
        {debounced === '' ? (
          <Spotlight.Empty>Type to search the customers of your selected stores.</Spotlight.Empty>
        ) : search.isError ? (
          <Spotlight.Empty>{errorMessage(search.error)}</Spotlight.Empty>
        ) : search.data && results.length === 0 ? (
          <Spotlight.Empty>No customers found.</Spotlight.Empty>
        ) : (
          results.map((match) => (
            <Spotlight.Action
              key={match.contactId}
              label={matchName(match)}
              description={[match.phone, match.email, storeName(stores, match.accountPlatformId)].filter(Boolean).join(' · ')}
              rightSection={match.isMarkedHot ? <Badge color="red" variant="light">Hot</Badge> : null}
              onClick={() => onOpenContact(match.contactId)}
            />
          ))
        )}
        {search.data && search.data.nextCursor ? (
          <Spotlight.Action label="Show all results" description={`Open Customer Search for “${debounced}”`} onClick={() => onShowAll(debounced)} />
        ) : null}
      </Spotlight.ActionsList>
      {search.data?.classification && debounced !== '' ? (
        <Spotlight.Footer>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {describeTerm(search.data.classification)}
            </Text>
            <Text size="xs" c="dimmed">
              ↑ ↓ to choose, Enter to open
            </Text>
          </Group>
        </Spotlight.Footer>
      ) : null}
    </Spotlight.Root>
  );
}
