import { Alert, Button, Center, FileButton, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';

import { errorMessage, notify } from '../../../lib/notify';
import { checkImageFile, useLicenceImage, useUploadLicenceImage, type LicenceImageKind } from '../api/licence-images';

const KINDS: readonly { kind: LicenceImageKind; label: string; licence: boolean }[] = [
  { kind: 'driver_license_front', label: 'Licence front', licence: true },
  { kind: 'driver_license_back', label: 'Licence back', licence: true },
  { kind: 'driver_license_avatar', label: 'Photo', licence: false },
];

type LicenceImagesProps = {
  contactId: number;
  /** Whether the user may edit the customer: only they see the licence scans and upload. */
  canEdit: boolean;
};

/**
 * LicenceImages shows the scanned driver licence (front and back) and the photo from it, and
 * uploads a new scan. The scans show the licence number, so a user who may not edit the customer
 * sees the photo only.
 */
export function LicenceImages({ contactId, canEdit }: LicenceImagesProps) {
  const kinds = KINDS.filter((k) => canEdit || !k.licence);
  return (
    <Paper component="section" aria-label="Driver licence" withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Driver licence
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {kinds.map((k) => (
          <LicenceImage key={k.kind} contactId={contactId} kind={k.kind} label={k.label} canEdit={canEdit} />
        ))}
      </SimpleGrid>
      {canEdit ? null : (
        <Text size="sm" c="dimmed" mt="sm">
          The licence scans are shown to users who may edit this customer.
        </Text>
      )}
    </Paper>
  );
}

function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

function LicenceImage({ contactId, kind, label, canEdit }: { contactId: number; kind: LicenceImageKind; label: string; canEdit: boolean }) {
  const image = useLicenceImage(contactId, kind);
  const upload = useUploadLicenceImage();
  const [problem, setProblem] = useState<string | null>(null);
  const url = useObjectUrl(image.data);

  function choose(file: File | null) {
    if (!file) return;
    const why = checkImageFile(file);
    setProblem(why);
    if (why) return;
    upload.mutate(
      { contactId, kind, file },
      {
        onSuccess: () => notify('success', `${label} uploaded.`, 'Success'),
        onError: (err) => setProblem(errorMessage(err)),
      },
    );
  }

  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Center mih={120} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 8 }}>
        {image.isPending ? (
          <Loader size="sm" aria-label={`Loading the ${label.toLowerCase()}`} />
        ) : image.isError ? (
          <Text size="sm" c="red">
            {errorMessage(image.error)}
          </Text>
        ) : url ? (
          <Image src={url} alt={label} mah={180} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No image
          </Text>
        )}
      </Center>
      {canEdit ? (
        <Group gap="xs">
          <FileButton
            onChange={choose}
            accept="image/jpeg,image/png,image/gif,image/webp"
            inputProps={{ 'aria-label': `Upload ${label.toLowerCase()}` }}
          >
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={upload.isPending} aria-label={`Upload ${label.toLowerCase()}`}>
                Upload
              </Button>
            )}
          </FileButton>
        </Group>
      ) : null}
      {problem ? (
        <Alert color="red" p="xs" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
