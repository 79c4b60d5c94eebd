import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';

import type { ContactMatch, Store } from '../../../lib/api/types';
import { matchName, storeName } from '../contact-display';

type SearchResultsTableProps = {
  results: readonly ContactMatch[];
  stores: readonly Store[];
  /** The index of the selected row; -1 for none. */
  selected: number;
  onSelect: (index: number) => void;
  onOpen: (match: ContactMatch) => void;
  profilePath: (contactId: number) => string;
  /** An action shown at the end of each row, such as adding the customer to a merge. */
  rowAction?: (match: ContactMatch) => ReactNode;
  ref?: Ref<HTMLTableElement>;
};

function rowId(match: ContactMatch): string {
  return `customer-result-${match.contactId}`;
}

/**
 * SearchResultsTable lists the customers found, one tab stop: the arrow keys (and Home, End)
 * move the selection and Enter opens the selected customer's profile.
 */
export function SearchResultsTable({ results, stores, selected, onSelect, onOpen, profilePath, rowAction, ref }: SearchResultsTableProps) {
  const rows = useRef(new Map<number, HTMLTableRowElement>());
  const current = results[selected];

  function move(index: number) {
    const next = Math.max(0, Math.min(results.length - 1, index));
    onSelect(next);
    const match = results[next];
    if (match) rows.current.get(match.contactId)?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    switch (event.key) {
      case 'ArrowDown':
        move(selected + 1);
        break;
      case 'ArrowUp':
        move(selected <= 0 ? 0 : selected - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(results.length - 1);
        break;
      case 'Enter':
        if (!current) return;
        onOpen(current);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        ref={ref}
        role="grid"
        aria-label="Customers"
        aria-rowcount={results.length + 1}
        aria-activedescendant={current ? rowId(current) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (selected < 0 && results.length > 0) onSelect(0);
        }}
        highlightOnHover
        verticalSpacing="xs"
        style={{ outlineOffset: 2 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Store</Table.Th>
            <Table.Th>Hot</Table.Th>
            {rowAction ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((match, index) => {
            const isSelected = index === selected;
            return (
              <Table.Tr
                key={match.contactId}
                id={rowId(match)}
                ref={(el) => {
                  if (el) rows.current.set(match.contactId, el);
                  else rows.current.delete(match.contactId);
                }}
                aria-selected={isSelected}
                bg={isSelected ? 'blue.0' : undefined}
                style={{
                  cursor: 'pointer',
                  boxShadow: isSelected ? 'inset 3px 0 0 var(--mantine-color-blue-6)' : undefined,
                }}
                onClick={() => onOpen(match)}
              >
                <Table.Td role="gridcell">
                  <Anchor component={Link} to={profilePath(match.contactId)} tabIndex={-1} fw={600} onClick={(e) => e.stopPropagation()}>
                    {matchName(match)}
                  </Anchor>
                  {match.contactTypeId === 2 && match.fullName ? (
                    <Text size="xs" c="dimmed">
                      {match.fullName}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td role="gridcell">
                  {match.phone ? (
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {match.phone}
                      {match.phoneLabel ? (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          {match.phoneLabel}
                        </Text>
                      ) : null}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  )}
                </Table.Td>
                <Table.Td role="gridcell">
                  <Text size="sm" c={match.email ? undefined : 'dimmed'}>
                    {match.email || 'None'}
                  </Text>
                </Table.Td>
                <Table.Td role="gridcell">
                  <Text size="sm">{storeName(stores, match.accountPlatformId)}</Text>
                </Table.Td>
                <Table.Td role="gridcell">
                  {match.isMarkedHot ? (
                    <Badge color="red" variant="light">
                      Hot
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      No
                    </Text>
                  )}
                </Table.Td>
                {rowAction ? (
                  <Table.Td role="gridcell" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                    {rowAction(match)}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
