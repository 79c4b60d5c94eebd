import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { ApiError, isApiError } from '../../../lib/api/api-error';
import type { TextingSettings } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useSaveTextingSettings, useTextingSettings } from '../api/texting-settings';

type TextingSettingsModalProps = {
  storeId: number;
  storeName: string;
  opened: boolean;
  onClose: () => void;
};

/** The longest HELP answer: two text segments, as the server allows. */
const MAX_HELP = 306;

/**
 * TextingSettingsModal shows a store's texting settings — the quiet hours in the customer's time
 * zone, when no text is sent, and the answer to HELP — and lets the store's administrators change
 * them. Everyone who texts the store's customers may read them.
 */
export function TextingSettingsModal({ storeId, storeName, opened, onClose }: TextingSettingsModalProps) {
  const settings = useTextingSettings(storeId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={`Texting settings: ${storeName}`} size="lg">
      {settings.isPending ? (
        <Center py="md" role="status" aria-label="Loading the texting settings">
          <Loader size="sm" />
        </Center>
      ) : settings.isError ? (
        <Alert color="red" title="The texting settings could not be loaded" role="alert">
          {errorMessage(settings.error)}
        </Alert>
      ) : (
        <SettingsForm key={`${settings.data.accountPlatformId}-${settings.data.version}`} storeId={storeId} read={settings.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function SettingsForm({ storeId, read, onClose }: { storeId: number; read: TextingSettings; onClose: () => void }) {
  const save = useSaveTextingSettings(storeId);
  const [quietStart, setQuietStart] = useState(read.quietStart);
  const [quietEnd, setQuietEnd] = useState(read.quietEnd);
  const [helpText, setHelpText] = useState(read.helpText);
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const readOnly = !read.canEdit;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutateAsync({ quietStart, quietEnd, helpText: helpText.trim(), version: read.version }).then(
      () => {
        notify('success', 'The texting settings are saved.');
        onClose();
      },
      () => {},
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {readOnly && <Alert color="gray">You can view these settings. Only the store&apos;s administrators change them.</Alert>}
        <Text size="sm" c="dimmed">
          No text is sent during the quiet hours, in the customer&apos;s time zone; a text held back says when it may go. The same time twice means
          no quiet hours.
        </Text>
        <Group grow align="flex-start">
          <TextInput
            type="time"
            label="Quiet hours start"
            value={quietStart}
            onChange={(e) => setQuietStart(e.currentTarget.value)}
            readOnly={readOnly}
            error={fieldErrors.quietStart?.[0]}
          />
          <TextInput
            type="time"
            label="Quiet hours end"
            value={quietEnd}
            onChange={(e) => setQuietEnd(e.currentTarget.value)}
            readOnly={readOnly}
            error={fieldErrors.quietEnd?.[0]}
          />
        </Group>
        <Textarea
          label="Answer to HELP"
          description={`Sent when a customer texts HELP or INFO. Empty for the default: “${read.defaultHelpText}”`}
          placeholder={read.defaultHelpText}

          rows={3}
          maxLength={MAX_HELP}
          value={helpText}
          onChange={(e) => setHelpText(e.currentTarget.value)}
          readOnly={readOnly}
          error={fieldErrors.helpText?.[0]}
        />
        <Text size="xs" c="dimmed" ta="right">
          {helpText.length} / {MAX_HELP}
        </Text>
        {save.isError && !Object.keys(fieldErrors).length && (
          <Alert color="red" role="alert" title={isApiError(save.error, 409) ? 'Someone else changed these settings' : 'The settings could not be saved'}>
            {isApiError(save.error, 409) ? 'Close this window and open it again to see their change, then make yours.' : errorMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              Save texting settings
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
