import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { FieldErrors } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/client';
import type { Contact, ContactEmail, ContactPhone } from '../../../lib/api/types';
import { contactQueryOptions } from './get-contact';
import { contactKeys } from './keys';

/** saveContact saves a customer (POST /crm/contacts); an existing one needs the version it was read at. */
export function saveContact(contact: Contact): Promise<Contact> {
  return api.post<Contact>('/crm/contacts', contact);
}

/** useSaveContact saves a customer and keeps the saved profile; the form shows its own errors. */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    meta: { silent: true },
    onSuccess: (saved) => {
      if (saved.id) {
        queryClient.setQueryData(contactQueryOptions(saved.id).queryKey, saved);
        void queryClient.invalidateQueries({ queryKey: contactKeys.changeLogs(saved.id) });
      }
      void queryClient.invalidateQueries({ queryKey: contactKeys.searches() });
    },
  });
}

/** PHONE_TYPES are the phone types a user may pick, by phoneTypeId. */
export const PHONE_TYPES = [
  { value: '1', label: 'Cell' },
  { value: '2', label: 'Home' },
  { value: '3', label: 'Work' },
  { value: '4', label: 'Phone' },
] as const;

export type EmailFormValue = { key: string; email: string; isPreferred: boolean; optOut: boolean };

export type PhoneFormValue = {
  key: string;
  phone: string;
  ext: string;
  phoneTypeId: string;
  /** The phone as read, so that what the form does not show is kept. */
  original?: ContactPhone;
};

/** ContactFormValues are the fields of the profile's edit form. */
export type ContactFormValues = {
  firstName: string;
  middleName: string;
  lastName: string;
  businessName: string;
  emails: EmailFormValue[];
  phones: PhoneFormValue[];
};

let nextKey = 0;

/** formKey names a new list entry of the form for React. */
export function formKey(): string {
  nextKey += 1;
  return `entry-${nextKey}`;
}

/** editablePhone writes ten digits the way people read them; other numbers as stored. */
export function editablePhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` : phone;
}

/** contactFormValues are the form's starting values for a customer. */
export function contactFormValues(contact: Contact): ContactFormValues {
  return {
    firstName: contact.firstName ?? '',
    middleName: contact.middleName ?? '',
    lastName: contact.lastName ?? '',
    businessName: contact.businessName ?? '',
    emails: (contact.emails ?? []).map((e) => ({
      key: formKey(),
      email: e.email,
      isPreferred: Boolean(e.isPreferred),
      optOut: Boolean(e.optOut),
    })),
    phones: (contact.phones ?? []).map((p) => ({
      key: formKey(),
      phone: editablePhone(p.phone ?? ''),
      ext: p.ext || p.extension || '',
      phoneTypeId: String(p.phoneTypeId || 4),
      original: p,
    })),
  };
}

/** newPhone and newEmail are the blank entries the form adds. */
export function newPhone(): PhoneFormValue {
  return { key: formKey(), phone: '', ext: '', phoneTypeId: '1' };
}

export function newEmail(): EmailFormValue {
  return { key: formKey(), email: '', isPreferred: false, optOut: false };
}

/**
 * contactToSave is the body that saves the form's values over contact, keeping every field the
 * form does not show and the version the customer was read at.
 */
export function contactToSave(contact: Contact, values: ContactFormValues): Contact {
  const emails: ContactEmail[] = values.emails.map((e) => ({ email: e.email.trim(), isPreferred: e.isPreferred, optOut: e.optOut }));
  const phones: ContactPhone[] = values.phones.map((p) => {
    const phoneTypeId = Number(p.phoneTypeId);
    const base: ContactPhone = p.original ? { ...p.original } : { id: 0, isMobile: phoneTypeId === 1 };
    return { ...base, phone: p.phone.trim(), ext: p.ext.trim(), extension: p.ext.trim(), phoneTypeId };
  });
  return {
    ...contact,
    firstName: values.firstName.trim(),
    middleName: values.middleName.trim(),
    lastName: values.lastName.trim(),
    businessName: values.businessName.trim(),
    emails,
    phones,
  };
}

/** The form's field for each field the server names, where the two differ. */
const fieldAliases: Record<string, string> = { extension: 'ext' };

/**
 * formFieldErrors turns the server's field errors, keyed by paths like `phones[1].phone`, into
 * the form's (`phones.1.phone`); errors of fields the form does not show are returned apart.
 */
export function formFieldErrors(
  errors: FieldErrors,
  values: ContactFormValues,
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    const message = messages.join(' ');
    const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.');
    const last = parts[parts.length - 1] ?? '';
    parts[parts.length - 1] = fieldAliases[last] ?? last;
    const field = parts.join('.');
    if (isFormField(field, values)) fields[field] = message;
    else other.push(`${path}: ${message}`);
  }
  return { fields, other };
}

function isFormField(field: string, values: ContactFormValues): boolean {
  if (['firstName', 'middleName', 'lastName', 'businessName'].includes(field)) return true;
  const match = /^(emails|phones)\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return false;
  const [, list, index, name] = match;
  if (list === 'emails') return Number(index) < values.emails.length && name === 'email';
  return Number(index) < values.phones.length && (name === 'phone' || name === 'ext');
}
