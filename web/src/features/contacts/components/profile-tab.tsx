import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';

import type { Contact } from '../../../lib/api/types';
import type { SensitiveField } from '../api/reveal-sensitive';
import { ChangeLog } from './change-log';
import { EditContactForm } from './edit-contact-form';
import { SensitiveValue } from './sensitive-value';

type ProfileTabProps = {
  contact: Contact;
  /** Whether the user may edit the customer. */
  canEdit: boolean;
  /** Whether the user may reveal the whole SSN, licence and bank numbers (they come masked). */
  canReveal?: boolean;
};

/** ProfileTab shows the customer's fields and lists, and edits them for a user who may. */
export function ProfileTab({ contact, canEdit, canReveal = false }: ProfileTabProps) {
  const [editing, setEditing] = useState(false);
  const id = contact.id ?? 0;
  // Each value is keyed by what it masks, so a changed customer never shows an old whole value.
  const sensitive = (field: SensitiveField, label: string, masked: string | undefined) =>
    masked ? <SensitiveValue key={`${id}-${field}-${masked}`} contactId={id} field={field} label={label} masked={masked} canReveal={canReveal && id > 0} /> : null;
  if (editing) {
    return <EditContactForm contact={contact} onDone={() => setEditing(false)} />;
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {contact.updatedAt ? `Last changed ${formatDateTime(contact.updatedAt)}` : null}
        </Text>
        {canEdit ? (
          <Button variant="light" onClick={() => setEditing(true)}>
            Edit profile
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            You may view this customer but not edit them.
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Name">
          <Fields
            fields={[
              ['First name', contact.firstName],
              ['Middle name', contact.middleName],
              ['Last name', contact.lastName],
              ['Suffix', contact.suffix],
              ['Nickname', contact.nickName],
              ['Business name', contact.businessName],
            ]}
          />
        </Section>
        <Section title="Phones">
          <Items
            empty="No phones"
            items={(contact.phones ?? []).map((p) => (
              <Group gap="xs" key={`${p.id}-${p.phone}`}>
                <Text size="sm" fw={500}>
                  {p.phoneDisplay || p.phone}
                </Text>
                {p.label ? <Text size="sm" c="dimmed">{p.label}</Text> : null}
                {p.isPreferred ? <Badge size="xs" variant="light">Preferred</Badge> : null}
                {p.optOut ? <Badge size="xs" color="gray">Do not call</Badge> : null}
                {p.optOutSms ? <Badge size="xs" color="gray">No texts</Badge> : null}
              </Group>
            ))}
          />
        </Section>
        <Section title="Emails">
          <Items
            empty="No emails"
            items={(contact.emails ?? []).map((e) => (
              <Group gap="xs" key={e.email}>
                <Text size="sm" fw={500}>
                  {e.email}
                </Text>
                {e.isPreferred ? <Badge size="xs" variant="light">Preferred</Badge> : null}
                {e.optOut ? <Badge size="xs" color="gray">Opted out</Badge> : null}
              </Group>
            ))}
          />
        </Section>
        <Section title="Addresses">
          <Items
            empty="No addresses"
            items={(contact.addresses ?? []).map((a, i) => (
              <Text size="sm" key={i}>
                {[a.addressLine1, a.addressLine2, a.city, [a.stateProvince, a.postalCode].filter(Boolean).join(' '), a.country]
                  .filter(Boolean)
                  .join(', ')}
                {a.isPrimary ? (
                  <Badge component="span" size="xs" variant="light" ml="xs">
                    Primary
                  </Badge>
                ) : null}
              </Text>
            ))}
          />
        </Section>
        <Section title="Personal">
          <Fields
            fields={[
              ['Birthday', birthday(contact)],
              ['Gender', contact.gender],
              ['Marital status', contact.maritalStatus],
              ['SSN', sensitive('ssn', 'SSN', contact.ssn)],
              ['Driver licence', sensitive('driverLicense.number', 'driver licence number', contact.driverLicense?.number)],
              ['Licence expires', contact.driverLicense?.expirationDate],
            ]}
          />
        </Section>
        <Section title="Communication">
          <Fields
            fields={[
              ['Preferred contact', flags(contact, { isPreferredContactCall: 'Call', isPreferredContactEmail: 'Email', isPreferredContactText: 'Text', isPreferredContactMail: 'Mail' })],
              ['Best time', flags(contact, { isContactTimeMorning: 'Morning', isContactTimeMidDay: 'Mid-day', isContactTimeEvening: 'Evening' })],
              ['Do not', flags(contact, { isDoNotCall: 'Call', isDoNotEmail: 'Email', isDoNotText: 'Text', isDoNotMail: 'Mail' })],
              ['Opted out of everything', contact.optOutAll ? 'Yes' : ''],
              ['Text messages', SMS_STATUS[contact.smsOptInStatusId ?? 1]],
              ['May be texted', yesNo(contact.isTextable)],
              ['May be emailed', yesNo(contact.isEmailable)],
            ]}
          />
        </Section>
        <Section title="Vehicles">
          <Items
            empty="No vehicles"
            items={(contact.vehicles ?? []).map((v, i) => (
              <Text size="sm" key={v.vin || i}>
                {[v.year || null, v.make, v.model].filter(Boolean).join(' ') || 'Vehicle'}
                <Text span size="xs" c="dimmed">
                  {v.vin ? ` · VIN ${v.vin}` : ''}
                  {v.stockNumber ? ` · Stock ${v.stockNumber}` : ''}
                </Text>
              </Text>
            ))}
          />
        </Section>
        <Section title="Tags and notes">
          <Items
            empty="No tags or notes"
            items={[
              ...(contact.tags ?? []).map((t) => (
                <Badge key={`tag-${t.tagId}`} variant="outline">
                  {t.name || `Tag ${t.tagId}`}
                </Badge>
              )),
              ...(contact.notes ?? []).map((n, i) => (
                <Text size="sm" key={`note-${n.noteId ?? i}`}>
                  {n.text}
                </Text>
              )),
            ]}
          />
        </Section>
        <Section title="Finance">
          <Items
            empty="No employment, income, bank or insurance"
            items={[
              ...(contact.employments ?? []).map((e, i) => (
                <Text size="sm" key={`emp-${i}`}>
                  {[e.jobTitle, e.employerName].filter(Boolean).join(' at ') || 'Employment'}
                  {e.isCurrent ? ' (current)' : ''}
                </Text>
              )),
              ...(contact.additionalIncomes ?? []).map((inc, i) => (
                <Text size="sm" key={`inc-${i}`}>
                  Other income{inc.description ? `: ${inc.description}` : ''}
                </Text>
              )),
              ...(contact.banks ?? []).map((b, i) => (
                <Stack gap={2} key={`bank-${i}`}>
                  <Text size="sm">{b.bankName || 'Bank'}</Text>
                  {b.accountNumber ? (
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" c="dimmed" w={64}>
                        Account
                      </Text>
                      {sensitive(`banks[${i}].accountNumber`, `account number at ${b.bankName || `bank ${i + 1}`}`, b.accountNumber)}
                    </Group>
                  ) : null}
                  {b.routingNumber ? (
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" c="dimmed" w={64}>
                        Routing
                      </Text>
                      {sensitive(`banks[${i}].routingNumber`, `routing number at ${b.bankName || `bank ${i + 1}`}`, b.routingNumber)}
                    </Group>
                  ) : null}
                </Stack>
              )),
              ...(contact.insurance ?? []).map((ins, i) => (
                <Text size="sm" key={`ins-${i}`}>
                  {ins.companyName || 'Insurance'}
                  {ins.policyNumber ? ` · policy ${ins.policyNumber}` : ''}
                </Text>
              )),
            ]}
          />
        </Section>
      </SimpleGrid>
      {contact.id ? <ChangeLog contactId={contact.id} /> : null}
    </Stack>
  );
}

const SMS_STATUS: Record<number, string> = { 1: 'Not requested', 2: 'Requested', 3: 'Opted in', 4: 'Opted out' };

function yesNo(value: boolean | undefined): string {
  if (value === undefined) return '';
  return value ? 'Yes' : 'No';
}

function flags(contact: Contact, names: Partial<Record<keyof Contact, string>>): string {
  return Object.entries(names)
    .filter(([key]) => Boolean(contact[key as keyof Contact]))
    .map(([, label]) => label)
    .join(', ');
}

function birthday(contact: Contact): string {
  const { birthMonth: m, birthDay: d, birthYear: y } = contact;
  if (!m || !d) return y ? String(y) : '';
  const date = new Date(Date.UTC(y || 2000, m - 1, d));
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: y ? 'numeric' : undefined, timeZone: 'UTC' });
}

function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `profile-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={id}>
      <Title order={2} size="h5" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fields({ fields }: { fields: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={2} spacing={4} verticalSpacing={4} component="dl" m={0}>
      {fields.map(([label, value]) => (
        <Group key={label} gap={0} display="contents">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} c={value ? undefined : 'dimmed'}>
            {value || '—'}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

function Items({ items, empty }: { items: ReactNode[]; empty: string }) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <List listStyleType="none" spacing={6}>
      {items.map((item, i) => (
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}
