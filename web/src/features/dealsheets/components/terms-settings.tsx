import { Alert, Button, Center, Group, Loader, Modal, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';

import { ApiError } from '../../../lib/api/api-error';
import type { DefaultTerms } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useDealerTerms, useSaveDealerTerms } from '../api/settings';

type TermsSettingsModalProps = { opened: boolean; onClose: () => void; storeId: number; storeName: string };

const KINDS = [
  { key: 'finance', title: 'Purchase (retail, balloon, cash)' },
  { key: 'lease', title: 'Lease' },
] as const;

/**
 * TermsSettingsModal shows a store's default terms and down payments (the payment grid's rows
 * and columns) and lets a store admin set them: terms 12 to 96 months, different, shortest
 * first; down payments $0 or more, different, smallest first.
 */
export function TermsSettingsModal({ opened, onClose, storeId, storeName }: TermsSettingsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Default terms: ${storeName}`} size="lg" centered>
      {opened && <TermsSettingsBody storeId={storeId} onClose={onClose} />}
    </Modal>
  );
}

type Draft = { lease: DefaultTerms; finance: DefaultTerms };

function TermsSettingsBody({ storeId, onClose }: { storeId: number; onClose: () => void }) {
  const terms = useDealerTerms(storeId);
  const save = useSaveDealerTerms();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (terms.data && draft === null) setDraft({ lease: terms.data.lease, finance: terms.data.finance });
  }, [terms.data, draft]);

  if (terms.isPending || (terms.isSuccess && draft === null)) {
    return (
      <Center py="md" role="status" aria-label="Loading the default terms">
        <Loader size="sm" />
      </Center>
    );
  }
  if (terms.isError || !draft) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(terms.error)}
      </Alert>
    );
  }
  const view = terms.data;
  const fields = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const setValue = (kind: 'lease' | 'finance', part: 'terms' | 'downs', i: number, v: number) =>
    setDraft((d) => {
      if (!d) return d;
      const list = [...(d[kind][part] ?? [])];
      list[i] = v;
      return { ...d, [kind]: { ...d[kind], [part]: list } };
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The payment grid of every deal sheet of the store shows these three terms by these three down payments.
        {view.standard ? ' The store has not set its own yet: these are the standard terms.' : view.updatedByName ? ` Last set by ${view.updatedByName}.` : ''}
      </Text>
      {KINDS.map(({ key, title }) => (
        <Stack key={key} gap="xs" aria-label={title}>
          <Title order={5}>{title}</Title>
          <SimpleGrid cols={3}>
            {[0, 1, 2].map((i) => (
              <NumberInput
                key={`t${i}`}
                label={`Term ${i + 1} (months)`}
                min={12}
                max={96}
                allowDecimal={false}
                value={draft[key].terms?.[i] ?? ''}
                onChange={(v) => setValue(key, 'terms', i, Number(v || 0))}
                disabled={!view.canEdit}
                error={fields[`${key}.terms[${i}]`]?.[0]}
              />
            ))}
            {[0, 1, 2].map((j) => (
              <NumberInput
                key={`d${j}`}
                label={`Down payment ${j + 1}`}
                prefix="$"
                thousandSeparator=","
                min={0}
                decimalScale={2}
                value={(draft[key].downs?.[j] ?? 0) / 100}
                onChange={(v) => setValue(key, 'downs', j, Math.round(Number(v || 0) * 100))}
                disabled={!view.canEdit}
                error={fields[`${key}.downs[${j}]`]?.[0]}
              />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      {save.isError && (
        <Alert color="red" role="alert">
          {errorMessage(save.error)}
        </Alert>
      )}
      {!view.canEdit && <Text size="sm">Only a dealer admin or general manager sets the store's default terms.</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {view.canEdit && (
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { accountPlatformId: storeId, version: view.version, lease: draft.lease, finance: draft.finance },
                {
                  onSuccess: () => {
                    notify('success', 'The default terms are saved.');
                    onClose();
                  },
                },
              )
            }
          >
            Save default terms
          </Button>
        )}
      </Group>
    </Stack>
  );
}
