import { Alert, Badge, Button, Checkbox, Group, List, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import type { AddProspectBody, DuplicateContact, Store } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { emailError, phoneError } from '../../../lib/validation';
import { useAddProspect } from '../api/add-prospect';

type Fields = { firstName: string; lastName: string; email: string; phone: string };

const EMPTY: Fields = { firstName: '', lastName: '', email: '', phone: '' };

/** The server's field paths for the form's fields. */
const FIELD_PATHS: Record<keyof Fields, string> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'emails[0].email',
  phone: 'phones[0].phone',
};

const REASONS: Record<string, string> = { email: 'Same email', phone: 'Same phone', name: 'Similar name' };

type AddProspectFormProps = {
  opened: boolean;
  onClose: () => void;
  /** The stores the customer may be added to. */
  stores: readonly Store[];
  /** Opens a customer's profile: an existing one, or the one just added. */
  onOpen: (contactId: number) => void;
};

function bodyOf(f: Fields, skipContactProposal: boolean, startShowroomVisit: boolean): AddProspectBody {
  const contact: AddProspectBody['contact'] = { firstName: f.firstName.trim(), lastName: f.lastName.trim() };
  if (f.email.trim()) contact.emails = [{ email: f.email.trim(), isPreferred: true }];
  if (f.phone.trim()) contact.phones = [{ phone: f.phone.trim(), phoneTypeId: 1, isMobile: true, isPreferred: true }];
  return startShowroomVisit ? { contact, skipContactProposal, startShowroomVisit } : { contact, skipContactProposal };
}

/**
 * AddProspectForm adds a customer. It first asks for the customers the new one probably
 * duplicates; when there are some it lists them, each with Open, and adds the customer only
 * when the user chooses Add anyway.
 */
export function AddProspectForm({ opened, onClose, stores, onOpen }: AddProspectFormProps) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [storeId, setStoreId] = useState<string | null>(stores[0] ? String(stores[0].AccountPlatformID) : null);
  const [duplicates, setDuplicates] = useState<DuplicateContact[] | null>(null);
  const [startVisit, setStartVisit] = useState(false);
  const [missing, setMissing] = useState<Partial<Record<keyof Fields | 'store', string>>>({});
  const add = useAddProspect();

  const serverErrors = isApiError(add.error) ? add.error.fieldErrors : {};
  const fieldError = (name: keyof Fields) => missing[name] ?? serverErrors[FIELD_PATHS[name]]?.[0];
  const generalError = add.error && Object.keys(serverErrors).length === 0 ? errorMessage(add.error) : null;

  function close() {
    setFields(EMPTY);
    setDuplicates(null);
    setMissing({});
    setStartVisit(false);
    add.reset();
    onClose();
  }

  function set(name: keyof Fields, value: string) {
    setFields((f) => ({ ...f, [name]: value }));
    setDuplicates(null);
  }

  function send(skip: boolean) {
    if (!storeId) return;
    add.mutate(
      { body: bodyOf(fields, skip, startVisit), storeId: Number(storeId) },
      {
        onSuccess: (result) => {
          if (result.created && result.contact?.id) {
            const id = result.contact.id;
            if (result.visit) notify('success', 'The showroom visit started.');
            if (result.visitError) notify('warning', `The customer was added, but the showroom visit did not start: ${result.visitError}`);
            close();
            onOpen(id);
            return;
          }
          const found = result.existingContacts ?? [];
          if (found.length === 0) {
            send(true);
            return;
          }
          setDuplicates(found);
        },
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const why: typeof missing = {};
    if (!fields.lastName.trim()) why.lastName = 'Enter the last name.';
    if (!fields.email.trim() && !fields.phone.trim()) why.phone = 'Enter a phone number or an email.';
    const badEmail = emailError(fields.email);
    if (badEmail) why.email = badEmail;
    const badPhone = phoneError(fields.phone);
    if (badPhone) why.phone = badPhone;
    if (!storeId) why.store = 'Choose the store.';
    setMissing(why);
    if (Object.keys(why).length > 0) return;
    send(false);
  }

  return (
    <Modal opened={opened} onClose={close} title="Add customer" size="lg">
      <form onSubmit={onSubmit} aria-label="Add customer" noValidate>
        <Stack gap="sm">
          <Select
            label="Store"
            data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))}
            value={storeId}
            onChange={(v) => {
              setStoreId(v);
              setDuplicates(null);
            }}
            error={missing.store}
            allowDeselect={false}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" value={fields.firstName} onChange={(e) => set('firstName', e.currentTarget.value)} error={fieldError('firstName')} />
            <TextInput label="Last name" required value={fields.lastName} onChange={(e) => set('lastName', e.currentTarget.value)} error={fieldError('lastName')} />
            <TextInput label="Email" type="email" value={fields.email} onChange={(e) => set('email', e.currentTarget.value)} error={fieldError('email')} />
            <TextInput label="Mobile phone" type="tel" value={fields.phone} onChange={(e) => set('phone', e.currentTarget.value)} error={fieldError('phone')} />
          </SimpleGrid>
          <Checkbox
            label="Start showroom visit (the customer is here now)"
            checked={startVisit}
            onChange={(e) => setStartVisit(e.currentTarget.checked)}
          />
          {generalError ? (
            <Alert color="red" role="alert">
              {generalError}
            </Alert>
          ) : null}
          {duplicates ? (
            <Stack gap="xs" role="region" aria-label="Possible duplicates">
              <Alert color="yellow" title="This customer may exist already">
                {duplicates.length === 1 ? 'One customer' : `${duplicates.length} customers`} of this store look like the one you are adding. Open
                one, or add the new customer anyway.
              </Alert>
              <List listStyleType="none" spacing="xs">
                {duplicates.map((d) => (
                  <List.Item key={d.contactId}>
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={0}>
                        <Text fw={600}>{d.fullName || `${d.firstName} ${d.lastName}`}</Text>
                        <Text size="sm" c="dimmed">
                          {[d.email, d.phone].filter(Boolean).join(' · ')}
                        </Text>
                        <Group gap={4}>
                          {(d.reasons ?? []).map((r) => (
                            <Badge key={r} size="xs" variant="light">
                              {REASONS[r] ?? r}
                            </Badge>
                          ))}
                        </Group>
                      </Stack>
                      <Button
                        variant="light"
                        size="xs"
                        aria-label={`Open ${d.fullName}`}
                        onClick={() => {
                          close();
                          onOpen(d.contactId);
                        }}
                      >
                        Open
                      </Button>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {duplicates ? (
              <Button color="orange" loading={add.isPending} onClick={() => send(true)}>
                Add anyway
              </Button>
            ) : (
              <Button type="submit" loading={add.isPending}>
                Add customer
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
