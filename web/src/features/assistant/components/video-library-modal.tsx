import { Alert, Badge, Button, Center, Group, Loader, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

import { errorMessage } from '../../../lib/notify';
import type { Video, VideoLink } from '../api/types';
import { useVideoLink, useVideoSearch, useVideoSubcategories } from '../api/videos';

type VideoLibraryModalProps = {
  opened: boolean;
  onClose: () => void;
  storeId: number;
  /** The customer a picked video is sent to: the link is the customer's and the send is recorded. */
  contactId: number;
  /** Called with the picked video's link, to put into a message. */
  onPick: (video: Video, link: VideoLink) => void;
};

/**
 * VideoLibraryModal is the store's video library: the videos of a subcategory or all, searched by
 * their words, each to preview (a link that plays for 15 minutes) or to pick for the customer (a
 * link that plays for 7 days).
 */
export function VideoLibraryModal({ opened, onClose, storeId, contactId, onPick }: VideoLibraryModalProps) {
  const [subcategory, setSubcategory] = useState('0');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const [preview, setPreview] = useState<{ video: Video; link: VideoLink } | null>(null);
  const subcategories = useVideoSubcategories(opened ? storeId : 0);
  const videos = useVideoSearch(opened ? storeId : 0, Number(subcategory), debounced);
  const link = useVideoLink();
  const options = [
    { value: '0', label: 'All subcategories' },
    ...(subcategories.data ?? []).map((s) => ({ value: String(s.id), label: `${s.category}: ${s.name} (${s.videoCount})` })),
  ];
  const close = () => {
    setPreview(null);
    link.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Video library" size="lg">
      <Stack gap="sm">
        <Group grow align="flex-end">
          <Select label="Subcategory" data={options} value={subcategory} onChange={(v) => setSubcategory(v ?? '0')} allowDeselect={false} />
          <TextInput label="Search videos" placeholder="Title or description" value={text} onChange={(e) => setText(e.currentTarget.value)} />
        </Group>
        {link.isError && (
          <Alert color="red" role="alert" title="The video could not be opened">
            {errorMessage(link.error)}
          </Alert>
        )}
        {preview && (
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Text fw={600}>{preview.video.title}</Text>
              <video src={preview.link.url} controls preload="metadata" style={{ width: '100%', maxHeight: 280 }} aria-label={`Preview of ${preview.video.title}`} />
              <Text size="xs" c="dimmed">
                The preview link expires {new Date(preview.link.expiresAt).toLocaleTimeString()}.
              </Text>
            </Stack>
          </Paper>
        )}
        {videos.isPending ? (
          <Center py="md" role="status" aria-label="Loading the videos">
            <Loader size="sm" />
          </Center>
        ) : videos.isError ? (
          <Alert color="red" role="alert" title="The videos could not be loaded">
            {errorMessage(videos.error)}
          </Alert>
        ) : videos.data.length === 0 ? (
          <Text c="dimmed">No videos match.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Videos">
            {videos.data.map((v) => (
              <Paper component="li" key={v.videoId} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{v.title}</Text>
                      <Badge variant="light" size="sm">
                        {v.subcategoryName}
                      </Badge>
                    </Group>
                    {v.description && (
                      <Text size="sm" c="dimmed">
                        {v.description}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Preview ${v.title}`}
                      onClick={() => link.mutate({ accountPlatformId: storeId, videoId: v.videoId }, { onSuccess: (l) => setPreview({ video: v, link: l }) })}
                    >
                      Preview
                    </Button>
                    <Button
                      size="xs"
                      aria-label={`Send ${v.title}`}
                      loading={link.isPending && link.variables?.videoId === v.videoId && !!link.variables.contactId}
                      onClick={() =>
                        link.mutate(
                          { accountPlatformId: storeId, videoId: v.videoId, contactId },
                          {
                            onSuccess: (l) => {
                              onPick(v, l);
                              close();
                            },
                          },
                        )
                      }
                    >
                      Send
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
