import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import type { Store } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';
import { useCreateLead, type CaslConsent } from '../api/save-lead';
import { useLeadSources } from '../api/lead-sources';
import { fieldErrorsOf, leadErrorMessage } from '../lead-display';

type AddLeadModalProps = {
  opened: boolean;
  onClose: () => void;
  contactId: number;
  contactName: string;
  /** The stores the user may add leads in. */
  stores: readonly Store[];
  /** The store chosen first: the customer's own, when the user has it. */
  defaultStoreId?: number;
};

const NO_SOURCE = '0';

/**
 * AddLeadModal adds a lead to a customer: the store (one of the user's), the type, the source
 * and comments. A Canadian store's lead needs the customer's CASL consent, express or implied.
 */
export function AddLeadModal({ opened, onClose, contactId, contactName, stores, defaultStoreId }: AddLeadModalProps) {
  const initialStore = stores.find((s) => s.AccountPlatformID === defaultStoreId) ?? stores[0];
  const [storeId, setStoreId] = useState<string | null>(initialStore ? String(initialStore.AccountPlatformID) : null);
  const [typeId, setTypeId] = useState<string | null>('1');
  const [sourceId, setSourceId] = useState<string | null>(NO_SOURCE);
  const [comments, setComments] = useState('');
  const [consent, setConsent] = useState<CaslConsent | ''>('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const sources = useLeadSources(storeId ? [Number(storeId)] : []);
  const mutation = useCreateLead();

  const store = stores.find((s) => String(s.AccountPlatformID) === storeId);
  const canadian = store?.Country === 'CA';
  const storeSources = sources.data?.find((s) => String(s.accountPlatformId) === storeId);
  const typeOptions = (storeSources?.leadTypes ?? []).map((t) => ({ value: String(t.leadTypeId), label: t.name }));
  const sourceOptions = [{ value: NO_SOURCE, label: 'No source' }, ...(storeSources?.leadSources ?? []).map((s) => ({ value: String(s.leadSourceId), label: s.name }))];
  const server = fieldErrorsOf(mutation.error);
  const general = mutation.isError && Object.keys(server).length === 0 ? leadErrorMessage(mutation.error) : null;
  const errorOf = (name: string) => missing[name] ?? server[name];

  const close = () => {
    setComments('');
    setConsent('');
    setMissing({});
    setTypeId('1');
    setSourceId(NO_SOURCE);
    mutation.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const why: Record<string, string> = {};
    if (!storeId) why.accountPlatformId = 'Choose the store of the lead.';
    if (canadian && consent === '') why.caslConsent = 'Choose how the customer consented to messages (CASL).';
    setMissing(why);
    if (Object.keys(why).length > 0 || !store) return;
    mutation.mutate(
      {
        contactId,
        accountPlatformId: store.AccountPlatformID,
        leadTypeId: Number(typeId ?? 1),
        leadSourceId: Number(sourceId ?? NO_SOURCE),
        comments: comments.trim(),
        isCanadianStore: canadian,
        ...(canadian && consent !== '' ? { caslConsent: consent } : {}),
      },
      {
        onSuccess: () => {
          notify('success', `The lead of ${contactName} at ${store.Name} is added.`);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add lead">
      <form onSubmit={onSubmit} aria-label="Add lead" noValidate>
        <Stack gap="sm">
          <Text size="sm">{contactName}</Text>
          <Select
            label="Store"
            data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))}
            value={storeId}
            onChange={(v) => {
              setStoreId(v);
              setSourceId(NO_SOURCE);
              setConsent('');
            }}
            allowDeselect={false}
            error={errorOf('accountPlatformId')}
          />
          <Select label="Lead type" data={typeOptions} value={typeId} onChange={setTypeId} allowDeselect={false} error={errorOf('leadTypeId')} disabled={sources.isPending} />
          <Select label="Lead source" data={sourceOptions} value={sourceId} onChange={setSourceId} allowDeselect={false} error={errorOf('leadSourceId')} disabled={sources.isPending} />
          {canadian && (
            <Radio.Group
              label="CASL consent"
              description="A Canadian store may message the customer only with their consent."
              value={consent}
              onChange={(v) => setConsent(v as CaslConsent)}
              error={errorOf('caslConsent')}
              withAsterisk
            >
              <Group gap="md" mt={6}>
                <Radio value="express" label="Express consent" />
                <Radio value="implied" label="Implied consent" />
              </Group>
            </Radio.Group>
          )}
          <Textarea label="Comments" maxLength={4000} rows={3} value={comments} onChange={(e) => setComments(e.currentTarget.value)} error={errorOf('comments')} />
          {general && (
            <Alert color="red" role="alert">
              {general}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Add lead
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
