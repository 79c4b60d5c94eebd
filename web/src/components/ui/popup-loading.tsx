import { Center, Loader } from '@mantine/core';

/**
 * PopupLoading stands in for a dialog while its code loads: a loader in the middle of the
 * window, announced as a status, that lets the page underneath be.
 */
export function PopupLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300, pointerEvents: 'none' }} role="status" aria-label={label}>
      <Loader size="md" />
    </Center>
  );
}
