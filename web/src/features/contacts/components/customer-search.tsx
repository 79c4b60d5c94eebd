import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/ui/empty-state';
import { PopupLoading } from '../../../components/ui/popup-loading';
import type { ContactMatch, Store } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { useContactSearch } from '../api/search-contacts';
import { describeTerm } from '../contact-display';
import { RecentlyViewed } from './recently-viewed';
import { ResultPager } from './result-pager';
import { SearchResultsTable } from './search-results-table';

// The advanced search and the Add customer form load when first opened.
const AddProspectForm = lazy(() => import('./add-prospect-form').then((m) => ({ default: m.AddProspectForm })));
const AdvancedSearch = lazy(() => import('./advanced-search').then((m) => ({ default: m.AdvancedSearch })));

type CustomerSearchProps = {
  /** The stores the user knows, to name each result's store. */
  stores: readonly Store[];
  profilePath: (contactId: number) => string;
  /** An action shown on each result, such as adding the customer to a merge. */
  rowAction?: (match: ContactMatch) => ReactNode;
};

/**
 * CustomerSearch is the quick search screen. The term (`q`) and the cursors of the pages before
 * the one shown (`cursor`, repeated) live in the address, so a search can be linked and reloaded.
 */
export function CustomerSearch({ stores, profilePath, rowAction }: CustomerSearchProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const term = params.get('q')?.trim() ?? '';
  const cursors = params.getAll('cursor');
  const page = cursors.length + 1;
  const search = useContactSearch({ term, cursor: cursors[cursors.length - 1] }, { keepPrevious: true });
  const table = useRef<HTMLTableElement>(null);
  const [selection, setSelection] = useState<{ data: unknown; index: number }>({ data: undefined, index: -1 });
  // A new page of results starts without a selection.
  const selected = selection.data === search.data ? selection.index : -1;
  const select = (index: number) => setSelection({ data: search.data, index });

  const results = search.data?.results ?? [];
  const nextCursor = search.data?.nextCursor ?? '';
  const showing = term !== '' && search.data !== undefined;

  function goTo(next: { q: string; cursors: string[] }) {
    const out = new URLSearchParams();
    for (const [key, value] of params) if (key !== 'q' && key !== 'cursor') out.append(key, value);
    if (next.q) out.set('q', next.q);
    for (const c of next.cursors) out.append('cursor', c);
    setParams(out);
  }

  const open = (match: ContactMatch) => navigate(profilePath(match.contactId));
  const [adding, setAdding] = useState(false);
  // Once loaded, the form stays mounted so that it closes with its transition.
  const [addWanted, setAddWanted] = useState(false);

  if (params.get('mode') === 'advanced') {
    return (
      <Suspense
        fallback={
          <Center py="xl" role="status" aria-label="Loading the advanced search">
            <Loader size="sm" />
          </Center>
        }
      >
        <AdvancedSearch stores={stores} profilePath={profilePath} rowAction={rowAction} onQuickSearch={() => setParams(new URLSearchParams())} />
      </Suspense>
    );
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length > 0 && showing) {
      event.preventDefault();
      select(0);
      table.current?.focus();
    }
  }

  return (
    <Stack gap="md" py="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Customer Search
        </Title>
        <Button
          variant="light"
          onClick={() => {
            setAddWanted(true);
            setAdding(true);
          }}
        >
          Add customer
        </Button>
      </Group>
      {addWanted ? (
        <Suspense fallback={<PopupLoading label="Loading the form" />}>
          <AddProspectForm opened={adding} onClose={() => setAdding(false)} stores={stores} onOpen={(id) => navigate(profilePath(id))} />
        </Suspense>
      ) : null}
      <SearchForm key={term} initial={term} onSearch={(q) => goTo({ q, cursors: [] })} onInputKeyDown={onInputKeyDown} />
      <Anchor component="button" type="button" size="sm" w="fit-content" onClick={() => setParams(new URLSearchParams({ mode: 'advanced' }))}>
        Advanced search
      </Anchor>

      {term === '' ? (
        <>
          <EmptyState title="Search for a customer">
            Type an email address, phone number, VIN, stock number, last name, first and last name, or business name.
          </EmptyState>
          <RecentlyViewed stores={stores} profilePath={profilePath} />
        </>
      ) : search.isPending ? (
        <Center py="xl" role="status" aria-label="Searching">
          <Loader size="sm" />
        </Center>
      ) : search.isError && !search.data ? (
        <Alert color="red" title="The search failed">
          {errorMessage(search.error)}
        </Alert>
      ) : search.data ? (
        <Stack gap="sm" aria-busy={search.isFetching || undefined}>
          <Group justify="space-between" align="center">
            <Text role="status" size="sm" c="dimmed">
              {search.data.classification ? describeTerm(search.data.classification) : `Searched for ${term}`}
            </Text>
            {search.isFetching ? <Loader size="xs" aria-label="Loading results" /> : null}
          </Group>
          {search.isError ? (
            <Alert color="red" title="The search failed">
              {errorMessage(search.error)}
            </Alert>
          ) : null}
          {results.length === 0 && page === 1 ? (
            <EmptyState title="No customers found">
              No customer of your selected stores matches “{term}”. Check the spelling, or search by phone or email.
            </EmptyState>
          ) : (
            <>
              <SearchResultsTable
                ref={table}
                results={results}
                stores={stores}
                selected={selected}
                onSelect={select}
                onOpen={open}
                profilePath={profilePath}
                rowAction={rowAction}
              />
              <Text size="xs" c="dimmed">
                Use the arrow keys in the list to choose a customer and Enter to open the profile.
              </Text>
            </>
          )}
          <ResultPager
            page={page}
            hasNext={Boolean(nextCursor)}
            loading={search.isPlaceholderData}
            onPrevious={() => goTo({ q: term, cursors: cursors.slice(0, -1) })}
            onNext={() => goTo({ q: term, cursors: [...cursors, nextCursor] })}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

type SearchFormProps = {
  initial: string;
  onSearch: (term: string) => void;
  onInputKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
};

function SearchForm({ initial, onSearch, onInputKeyDown }: SearchFormProps) {
  const [value, setValue] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(value.trim());
  }
  return (
    <form role="search" onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Search customers"
          description="Email, phone, VIN, stock number, last name, first and last name, or business name"
          placeholder="e.g. (503) 555-0142 or Maria Gonzalez"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={onInputKeyDown}
          maxLength={200}
          autoFocus
          style={{ flex: 1, maxWidth: 640 }}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}
