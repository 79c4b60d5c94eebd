import { Alert, Paper, Stack, Title } from '@mantine/core';

import { PrintForms } from './print-forms';

type EmbeddedPrintFormsProps = {
  /** The customer the address names; null when it names none. */
  contactId: number | null;
  /** The customer's store, once the customer is read. */
  storeId: number | undefined;
  /** The desk the address names, if any. */
  deskId?: number;
};

/** EmbeddedPrintForms is the print forms page in a partner's window (#/embedded/printforms?contactId=&deskId=). */
export function EmbeddedPrintForms({ contactId, storeId, deskId }: EmbeddedPrintFormsProps) {
  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h2">
        Print Forms
      </Title>
      {contactId === null ? (
        <Alert color="red" title="Print Forms" role="alert">
          There is no such customer. Check the link that opened this window.
        </Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          {storeId ? <PrintForms contactId={contactId} storeId={storeId} deskId={deskId} /> : null}
        </Paper>
      )}
    </Stack>
  );
}
