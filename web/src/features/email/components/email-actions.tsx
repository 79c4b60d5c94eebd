import { Button, Group, Tooltip } from '@mantine/core';
import { useState } from 'react';

import type { Contact } from '../../../lib/api/types';
import { EmailHistoryModal } from './email-history';
import { SendEmailModal } from './send-email-modal';

/** NOT_EMAILABLE is why Email is disabled for a customer who may not be e-mailed. */
export const NOT_EMAILABLE = 'The customer is marked do not e-mail, or has no address that is not opted out.';

/** preferredEmail is the address an e-mail to c goes to: the preferred one not opted out, else the first. */
export function preferredEmail(c: Contact): string | undefined {
  const open = (c.emails ?? []).filter((e) => !e.optOut && e.email);
  return (open.find((e) => e.isPreferred) ?? open[0])?.email;
}

/** EmailActions are the profile's e-mail actions: send an e-mail, and the e-mail history. */
export function EmailActions({ contact }: { contact: Contact }) {
  const [open, setOpen] = useState<'send' | 'history' | null>(null);
  const contactId = contact.id ?? 0;
  if (contactId < 1) return null;
  const to = preferredEmail(contact);
  const emailable = !contact.isDoNotEmail && !contact.optOutAll && Boolean(to);
  return (
    <>
      <Group gap="xs" role="group" aria-label="E-mail actions">
        {emailable ? (
          <Button size="xs" variant="light" onClick={() => setOpen('send')}>
            Email
          </Button>
        ) : (
          <Tooltip label={NOT_EMAILABLE}>
            <span>
              <Button size="xs" variant="light" disabled>
                Email
              </Button>
            </span>
          </Tooltip>
        )}
        <Button size="xs" variant="default" onClick={() => setOpen('history')}>
          Email history
        </Button>
      </Group>
      <SendEmailModal opened={open === 'send'} onClose={() => setOpen(null)} contactId={contactId} storeId={contact.accountPlatformId ?? 0} to={to} />
      <EmailHistoryModal opened={open === 'history'} onClose={() => setOpen(null)} contactId={contactId} />
    </>
  );
}
