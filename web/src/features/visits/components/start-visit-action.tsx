import { Button } from '@mantine/core';
import { useState } from 'react';

import type { Store } from '../../../lib/api/types';
import { StartTouchpointModal } from './start-touchpoint-modal';

export type StartVisitActionProps = { contactId: number; contactName: string; storeId: number; stores: readonly Store[] };

/** StartVisitAction is the customer profile's "Start showroom visit" button and its modal. */
export function StartVisitAction({ contactId, contactName, storeId, stores }: StartVisitActionProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpened(true)}>
        Start showroom visit
      </Button>
      {opened && <StartTouchpointModal opened onClose={() => setOpened(false)} stores={stores} contactId={contactId} contactName={contactName} storeId={storeId} />}
    </>
  );
}
