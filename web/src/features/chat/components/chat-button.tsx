import { ActionIcon, Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import type { AppUser } from '../../../lib/api/types';

// The drawer, with its colleague list and conversation, loads when the user first opens it.
const ChatDrawer = lazy(() => import('./chat-drawer').then((m) => ({ default: m.ChatDrawer })));

/** ChatIcon is the chat button's drawing: a speech bubble. */
function ChatIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M21 12a8 8 0 01-11.6 7.1L4 20l1.1-4.4A8 8 0 1121 12z" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** ChatButton is the header's Chat button: it opens the staff chat drawer. */
export function ChatButton({ user }: { user: AppUser }) {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Chat"
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={() => {
          setMounted(true);
          setOpened(true);
        }}
      >
        <ChatIcon />
      </ActionIcon>
      {mounted ? (
        <Suspense fallback={opened ? <Loader size="xs" aria-label="Opening chat" /> : null}>
          <ChatDrawer me={user} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
