import { Button, Group, Tooltip } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { PopupLoading } from '../../../components/ui/popup-loading';
import type { Contact } from '../../../lib/api/types';
import { useDeskingEnabled } from '../api/is-desking-enabled';
import type { ActivityDialog } from './activity-dialogs';

/** Why the Call action is disabled for a do-not-call customer. */
export const DO_NOT_CALL_REASON = 'The customer is marked do not call.';

// The dialogs, with their forms, load when the user first opens one.
const ActivityDialogs = lazy(() => import('./activity-dialogs').then((m) => ({ default: m.ActivityDialogs })));

/**
 * ActivityActions are the profile header's activity actions: log a call, log a note, start a call
 * (disabled with the reason for a do-not-call customer) and send to desking (when the customer's
 * store has desking). Each opens a dialog that shows the server's field errors on its fields.
 */
export function ActivityActions({ contact, canEdit }: { contact: Contact; canEdit: boolean }) {
  const [dialog, setDialogState] = useState<ActivityDialog | null>(null);
  // Once loaded, the dialogs stay mounted so that they close with their transition.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const setDialog = (which: ActivityDialog | null) => {
    if (which) setDialogsWanted(true);
    setDialogState(which);
  };
  const desking = useDeskingEnabled(contact.accountPlatformId);
  const contactId = contact.id ?? 0;
  if (!canEdit || contactId < 1) return null;
  const close = () => setDialog(null);
  const doNotCall = Boolean(contact.isDoNotCall || contact.optOutAll);

  return (
    <>
      <Group gap="xs" role="group" aria-label="Customer actions">
        <Button variant="default" size="xs" onClick={() => setDialog('call')}>
          Log call
        </Button>
        <Button variant="default" size="xs" onClick={() => setDialog('note')}>
          Log note
        </Button>
        {doNotCall ? (
          <Tooltip label={DO_NOT_CALL_REASON}>
            <span>
              <Button size="xs" disabled aria-describedby="do-not-call-reason">
                Call
              </Button>
              <span id="do-not-call-reason" hidden>
                {DO_NOT_CALL_REASON}
              </span>
            </span>
          </Tooltip>
        ) : (
          <Button size="xs" onClick={() => setDialog('dial')}>
            Call
          </Button>
        )}
        {desking.data ? (
          <Button variant="light" size="xs" onClick={() => setDialog('desking')}>
            Send to desking
          </Button>
        ) : null}
      </Group>
      {dialogsWanted ? (
        <Suspense fallback={<PopupLoading label="Loading the form" />}>
          <ActivityDialogs contact={contact} dialog={dialog} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

