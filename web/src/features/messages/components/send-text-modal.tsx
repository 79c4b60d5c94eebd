import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

import { SendTextForm } from './send-text-form';

/** SendTextModal is the Send text button and its modal: the send box, closing once the text is sent. */
export function SendTextModal({ contactId, customerName }: { contactId: number; customerName: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="light" onClick={open}>
        Send text
      </Button>
      <Modal opened={opened} onClose={close} title={`Send text to ${customerName}`} size="lg">
        <SendTextForm contactId={contactId} onSent={close} />
      </Modal>
    </>
  );
}
