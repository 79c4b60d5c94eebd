import { Alert, Anchor, Button, Center, Checkbox, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/ui/empty-state';
import type { ContactMatch, Store } from '../../../lib/api/types';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/notify';
import {
  ADVANCED_FIELDS,
  hasSearchableField,
  useAdvancedSearch,
  type AdvancedCriteria,
  type AdvancedField,
} from '../api/advanced-search';
import { ResultPager } from './result-pager';
import { SearchResultsTable } from './search-results-table';

type AdvancedSearchProps = {
  stores: readonly Store[];
  profilePath: (contactId: number) => string;
  rowAction?: (match: ContactMatch) => ReactNode;
  onQuickSearch: () => void;
};

const LABELS: Record<AdvancedField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  businessName: 'Business name',
  email: 'Email',
  phone: 'Phone',
  vin: 'VIN',
  stockNumber: 'Stock number',
  city: 'City',
  postalCode: 'Postal code',
};

const MAX_LENGTHS: Record<AdvancedField, number> = {
  firstName: 100,
  lastName: 100,
  businessName: 200,
  email: 254,
  phone: 40,
  vin: 40,
  stockNumber: 20,
  city: 100,
  postalCode: 20,
};

/** criteriaOf reads the criteria the address holds. */
export function criteriaOf(params: URLSearchParams): AdvancedCriteria {
  const out: AdvancedCriteria = {};
  for (const f of ADVANCED_FIELDS) {
    const v = params.get(f)?.trim();
    if (v) out[f] = v;
  }
  if (params.get('isMarkedHot') === 'true') out.isMarkedHot = true;
  return out;
}

/**
 * AdvancedSearch finds customers by several fields at once. The criteria and the cursors of the
 * pages before the one shown live in the address (`mode=advanced`), like the quick search's.
 */
export function AdvancedSearch({ stores, profilePath, rowAction, onQuickSearch }: AdvancedSearchProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const criteria = criteriaOf(params);
  const cursors = params.getAll('cursor');
  const page = cursors.length + 1;
  const search = useAdvancedSearch(criteria, cursors[cursors.length - 1]);
  const table = useRef<HTMLTableElement>(null);
  const [selection, setSelection] = useState<{ data: unknown; index: number }>({ data: undefined, index: -1 });
  const selected = selection.data === search.data ? selection.index : -1;
  const results = search.data?.results ?? [];
  const nextCursor = search.data?.nextCursor ?? '';
  const searching = hasSearchableField(criteria);

  function goTo(next: AdvancedCriteria, nextCursors: string[]) {
    const out = new URLSearchParams({ mode: 'advanced' });
    for (const f of ADVANCED_FIELDS) if (next[f]) out.set(f, next[f]);
    if (next.isMarkedHot) out.set('isMarkedHot', 'true');
    for (const c of nextCursors) out.append('cursor', c);
    setParams(out);
  }

  const open = (match: ContactMatch) => navigate(profilePath(match.contactId));
  const serverErrors = serverFieldErrors(search.error);

  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h2">
        Customer Search
      </Title>
      <CriteriaForm key={params.toString()} initial={criteria} errors={serverErrors} onSearch={(c) => goTo(c, [])} />
      <Anchor component="button" type="button" size="sm" w="fit-content" onClick={onQuickSearch}>
        Quick search
      </Anchor>

      {!searching ? (
        <EmptyState title="Search by several fields">
          Enter a last name, business name, email, phone number, VIN or stock number; the other fields narrow the search.
        </EmptyState>
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
          {results.length === 0 && page === 1 ? (
            <EmptyState title="No customers found">No customer of your selected stores matches every field given.</EmptyState>
          ) : (
            <SearchResultsTable
              ref={table}
              results={results}
              stores={stores}
              selected={selected}
              onSelect={(index) => setSelection({ data: search.data, index })}
              onOpen={open}
              profilePath={profilePath}
              rowAction={rowAction}
            />
          )}
          {results.length === 0 && nextCursor ? (
            <Text size="sm" c="dimmed">
              No match on this page yet: the next page continues the search.
            </Text>
          ) : null}
          <ResultPager
            page={page}
            hasNext={Boolean(nextCursor)}
            loading={search.isPlaceholderData}
            onPrevious={() => goTo(criteria, cursors.slice(0, -1))}
            onNext={() => goTo(criteria, [...cursors, nextCursor])}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** serverFieldErrors are the first message of each field the server refused. */
function serverFieldErrors(err: unknown): Record<string, string> {
  if (!isApiError(err) || !err.fieldErrors) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(err.fieldErrors)) if (messages[0]) out[field] = messages[0];
  return out;
}

type CriteriaFormProps = {
  initial: AdvancedCriteria;
  errors: Record<string, string>;
  onSearch: (criteria: AdvancedCriteria) => void;
};

function CriteriaForm({ initial, errors, onSearch }: CriteriaFormProps) {
  const [values, setValues] = useState<AdvancedCriteria>(initial);
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!hasSearchableField(values)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSearch(values);
  }

  return (
    <form role="search" aria-label="Advanced customer search" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
          {ADVANCED_FIELDS.map((f) => (
            <TextInput
              key={f}
              label={LABELS[f]}
              value={values[f] ?? ''}
              maxLength={MAX_LENGTHS[f]}
              error={errors[f]}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((old) => ({ ...old, [f]: v }));
              }}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between" align="center">
          <Checkbox
            label="Hot customers only"
            checked={Boolean(values.isMarkedHot)}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setValues((old) => ({ ...old, isMarkedHot: checked || undefined }));
            }}
          />
          <Button type="submit">Search</Button>
        </Group>
        {missing ? (
          <Text size="sm" c="red" role="alert">
            Enter a last name, business name, email, phone number, VIN or stock number.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
