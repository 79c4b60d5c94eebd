import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import type { Contact } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { emailError, extensionError, MSG_CONTACT_NAME, phoneError } from '../../../lib/validation';
import { contactQueryOptions } from '../api/get-contact';
import {
  contactFormValues,
  contactToSave,
  formFieldErrors,
  newEmail,
  newPhone,
  PHONE_TYPES,
  useSaveContact,
  type ContactFormValues,
} from '../api/save-contact';

/** The message shown when the customer changed since it was read (409). */
export const STALE_VERSION_MESSAGE =
  'Someone else changed this customer after you opened it, so nothing was saved. Load the latest version, check your changes and save again.';

type EditContactFormProps = {
  contact: Contact;
  onDone: () => void;
};

type Problem = { kind: 'conflict' } | { kind: 'rejected'; messages: string[] };

function RemoveIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}

/**
 * EditContactForm edits a customer's name, emails and phones and saves them with the version the
 * customer was read at; the server's field errors are shown on their fields.
 */
export function EditContactForm({ contact, onDone }: EditContactFormProps) {
  const queryClient = useQueryClient();
  const save = useSaveContact();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [reloading, setReloading] = useState(false);
  // What the browser can check is checked before saving, with the server's messages.
  const form = useForm<ContactFormValues>({
    initialValues: contactFormValues(contact),
    validate: {
      lastName: (_, v) => (!v.firstName.trim() && !v.lastName.trim() && !v.businessName.trim() ? MSG_CONTACT_NAME : null),
      emails: { email: (value) => emailError(value) },
      phones: {
        phone: (value, v, path) => phoneError(value, v.phones[Number(path.split('.')[1])]?.original?.cc?.abbr ?? ''),
        ext: (value) => extensionError(value),
      },
    },
  });

  function submit(values: ContactFormValues) {
    setProblem(null);
    save.mutate(contactToSave(contact, values), {
      onSuccess: () => {
        notify('success', 'The customer was saved.');
        onDone();
      },
      onError: (err) => {
        if (isApiError(err, 409)) {
          setProblem({ kind: 'conflict' });
          return;
        }
        const { fields, other } = isApiError(err) ? formFieldErrors(err.fieldErrors, values) : { fields: {}, other: [] };
        form.setErrors(fields);
        const hasFields = Object.keys(fields).length > 0;
        const messages = hasFields ? [...(isApiError(err) ? err.messages : []), ...other] : [errorMessage(err), ...other];
        setProblem({ kind: 'rejected', messages: messages.length > 0 ? messages : ['Check the fields marked below.'] });
      },
    });
  }

  async function loadLatest() {
    if (!contact.id) return;
    setReloading(true);
    try {
      await queryClient.refetchQueries({ queryKey: contactQueryOptions(contact.id).queryKey, exact: true });
      setProblem(null);
    } finally {
      setReloading(false);
    }
  }

  const business = contact.contactTypeId === 2;

  return (
    <Paper component="form" withBorder radius="md" p="md" onSubmit={form.onSubmit(submit)} aria-labelledby="edit-contact-title" noValidate>
      <Stack gap="md">
        <Title order={2} size="h4" id="edit-contact-title">
          Edit profile
        </Title>
        {problem?.kind === 'conflict' ? (
          <Alert color="yellow" title="This customer was changed by someone else" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{STALE_VERSION_MESSAGE}</Text>
              <Button size="xs" variant="default" onClick={() => void loadLatest()} loading={reloading}>
                Load latest version
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {problem?.kind === 'rejected' ? (
          <Alert color="red" title="The customer was not saved" role="alert">
            {problem.messages.map((m) => (
              <Text size="sm" key={m}>
                {m}
              </Text>
            ))}
          </Alert>
        ) : null}

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="First name" maxLength={100} {...form.getInputProps('firstName')} />
          <TextInput label="Middle name" maxLength={100} {...form.getInputProps('middleName')} />
          <TextInput label="Last name" maxLength={100} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        {business || contact.businessName ? (
          <TextInput label="Business name" maxLength={200} {...form.getInputProps('businessName')} />
        ) : null}

        <Stack gap="xs">
          <Title order={3} size="h5">
            Emails
          </Title>
          {form.values.emails.length === 0 ? (
            <Text size="sm" c="dimmed">
              No emails
            </Text>
          ) : null}
          {form.values.emails.map((entry, i) => (
            <Group key={entry.key} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={`Email ${i + 1}`}
                type="email"
                maxLength={254}
                style={{ flex: 1 }}
                {...form.getInputProps(`emails.${i}.email`)}
              />
              <Checkbox
                label="Preferred"
                mt={32}
                {...form.getInputProps(`emails.${i}.isPreferred`, { type: 'checkbox' })}
                aria-label={`Email ${i + 1} preferred`}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={28}
                aria-label={`Remove email ${i + 1}`}
                onClick={() => form.removeListItem('emails', i)}
              >
                <RemoveIcon />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="subtle" size="xs" onClick={() => form.insertListItem('emails', newEmail())}>
              Add email
            </Button>
          </Group>
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h5">
            Phones
          </Title>
          {form.values.phones.length === 0 ? (
            <Text size="sm" c="dimmed">
              No phones
            </Text>
          ) : null}
          {form.values.phones.map((entry, i) => (
            <Group key={entry.key} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={`Phone ${i + 1}`}
                type="tel"
                maxLength={40}
                style={{ flex: 1 }}
                {...form.getInputProps(`phones.${i}.phone`)}
              />
              <TextInput label={`Phone ${i + 1} extension`} maxLength={10} w={150} {...form.getInputProps(`phones.${i}.ext`)} />
              <Select
                label={`Phone ${i + 1} type`}
                data={PHONE_TYPES.map((t) => ({ ...t }))}
                allowDeselect={false}
                w={130}
                {...form.getInputProps(`phones.${i}.phoneTypeId`)}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={28}
                aria-label={`Remove phone ${i + 1}`}
                onClick={() => form.removeListItem('phones', i)}
              >
                <RemoveIcon />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="subtle" size="xs" onClick={() => form.insertListItem('phones', newPhone())}>
              Add phone
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            A phone left empty is removed when you save.
          </Text>
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
