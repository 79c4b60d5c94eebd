import { Alert, Button, Center, FileButton, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';

import { errorMessage, notify } from '../../../lib/notify';
import { checkImageFile, getLicenceImage, useLicenceImage, useUploadLicenceImage, type LicenceImageKind } from '../api/licence-images';
import { REVEAL_SECONDS, useRevealWindow } from './reveal-window';

const KINDS: readonly { kind: LicenceImageKind; label: string; licence: boolean }[] = [
  { kind: 'driver_license_front', label: 'Licence front', licence: true },
  { kind: 'driver_license_back', label: 'Licence back', licence: true },
  { kind: 'driver_license_avatar', label: 'Photo', licence: false },
];

type LicenceImagesProps = {
  contactId: number;
  /** Whether the user may edit the customer: they upload scans. */
  canEdit: boolean;
  /** Whether the user may reveal sensitive values: the scans show the licence number, so only they see them. */
  canReveal: boolean;
};

/**
 * LicenceImages shows the photo from the driver licence and, on request to a user who may
 * reveal sensitive values, the scanned licence (front and back), which shows the licence number:
 * each look is recorded, and the scan is never cached. Users who may edit the customer upload
 * new scans.
 */
export function LicenceImages({ contactId, canEdit, canReveal }: LicenceImagesProps) {
  const kinds = KINDS.filter((k) => canEdit || canReveal || !k.licence);
  return (
    <Paper component="section" aria-label="Driver licence" withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Driver licence
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {kinds.map((k) => (
          <LicenceImage key={k.kind} contactId={contactId} kind={k.kind} label={k.label} canEdit={canEdit} scan={k.licence} canReveal={canReveal} />
        ))}
      </SimpleGrid>
      {canReveal ? null : (
        <Text size="sm" c="dimmed" mt="sm">
          The licence scans show the licence number: F&amp;I managers, sales managers, general managers and dealer admins see them.
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

type ScanState = { kind: 'hidden' } | { kind: 'loading' } | { kind: 'shown'; image: Blob | null } | { kind: 'failed'; message: string };

/**
 * useScan reads a licence scan only when asked, into this component's state and never the query
 * cache, and hides it again after REVEAL_SECONDS, when the page is hidden and when the
 * component goes away.
 */
function useScan(contactId: number, kind: LicenceImageKind) {
  const [state, setState] = useState<ScanState>({ kind: 'hidden' });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const hide = useCallback(() => setState({ kind: 'hidden' }), []);
  useRevealWindow(state.kind === 'shown', hide);
  async function show() {
    setState({ kind: 'loading' });
    try {
      const image = await getLicenceImage(contactId, kind);
      if (live.current) setState({ kind: 'shown', image });
    } catch (err) {
      if (live.current) setState({ kind: 'failed', message: errorMessage(err) });
    }
  }
  return { state, show, hide };
}

type LicenceImageProps = {
  contactId: number;
  kind: LicenceImageKind;
  label: string;
  canEdit: boolean;
  /** Whether the image is a licence scan, shown only on request to a user who may reveal. */
  scan: boolean;
  canReveal: boolean;
};

function LicenceImage({ contactId, kind, label, canEdit, scan, canReveal }: LicenceImageProps) {
  const image = useLicenceImage(contactId, kind, { enabled: !scan });
  const revealed = useScan(contactId, kind);
  const upload = useUploadLicenceImage();
  const [problem, setProblem] = useState<string | null>(null);
  const url = useObjectUrl(scan ? (revealed.state.kind === 'shown' ? revealed.state.image : null) : image.data);

  function choose(file: File | null) {
    if (!file) return;
    const why = checkImageFile(file);
    setProblem(why);
    if (why) return;
    upload.mutate(
      { contactId, kind, file },
      {
        onSuccess: () => {
          revealed.hide();
          notify('success', `${label} uploaded.`, 'Success');
        },
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
        {scan ? (
          <ScanView label={label} state={revealed.state} url={url} canReveal={canReveal} onShow={() => void revealed.show()} onHide={revealed.hide} />
        ) : image.isPending ? (
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

type ScanViewProps = { label: string; state: ScanState; url: string | undefined; canReveal: boolean; onShow: () => void; onHide: () => void };

/** ScanView is a licence scan's place: hidden until a user who may reveal asks to see it. */
function ScanView({ label, state, url, canReveal, onShow, onHide }: ScanViewProps) {
  const name = label.toLowerCase();
  if (state.kind === 'shown') {
    return (
      <Stack gap={4} align="center" p="xs">
        {url ? (
          <Image src={url} alt={label} mah={180} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No image
          </Text>
        )}
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            Shown for {REVEAL_SECONDS} seconds; your view is recorded.
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={onHide} aria-label={`Hide the ${name}`}>
            Hide
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="center" p="xs">
      <Text size="sm" c="dimmed">
        Hidden: it shows the licence number
      </Text>
      {canReveal ? (
        <Button size="compact-xs" variant="light" loading={state.kind === 'loading'} onClick={onShow} aria-label={`Show the ${name}`}>
          Show
        </Button>
      ) : null}
      {state.kind === 'failed' ? (
        <Text size="xs" c="red" role="alert">
          {state.message}
        </Text>
      ) : null}
    </Stack>
  );
}
