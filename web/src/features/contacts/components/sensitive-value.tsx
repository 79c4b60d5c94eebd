import { Button, Group, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';

import { errorMessage } from '../../../lib/notify';
import { revealSensitive, type SensitiveField } from '../api/reveal-sensitive';
import { REVEAL_SECONDS, useRevealWindow } from './reveal-window';

type SensitiveValueProps = {
  contactId: number;
  field: SensitiveField;
  /** What the field is, for the buttons' names ("SSN", "driver licence number"). */
  label: string;
  /** The value as every read gives it: masked. */
  masked: string | undefined;
  /** Whether the user may reveal the whole value. */
  canReveal: boolean;
};

type State = { kind: 'masked' } | { kind: 'revealing' } | { kind: 'revealed'; value: string } | { kind: 'failed'; message: string };

/**
 * SensitiveValue shows a masked sensitive value and, for a user who may, reveals the whole value
 * on request. The whole value lives only in this component's state: it is masked again after
 * REVEAL_SECONDS, when the page is hidden, and when the component goes away (navigation).
 */
export function SensitiveValue({ contactId, field, label, masked, canReveal }: SensitiveValueProps) {
  const [state, setState] = useState<State>({ kind: 'masked' });
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const mask = useCallback(() => setState({ kind: 'masked' }), []);
  useRevealWindow(state.kind === 'revealed', mask);

  if (!masked) {
    return (
      <Text component="span" size="sm" c="dimmed">
        —
      </Text>
    );
  }

  async function reveal() {
    setState({ kind: 'revealing' });
    try {
      const revealed = await revealSensitive(contactId, field);
      if (live.current) setState({ kind: 'revealed', value: revealed.value });
    } catch (err) {
      if (live.current) setState({ kind: 'failed', message: errorMessage(err) });
    }
  }

  return (
    <Group component="span" gap={6} wrap="wrap" align="center">
      {state.kind === 'revealed' ? (
        <Text component="span" size="sm" ff="monospace" aria-label={`Whole ${label}`}>
          {state.value}
        </Text>
      ) : (
        <Text component="span" size="sm" ff="monospace">
          {masked}
        </Text>
      )}
      {canReveal ? (
        state.kind === 'revealed' ? (
          <Button size="compact-xs" variant="subtle" onClick={() => setState({ kind: 'masked' })} aria-label={`Hide the ${label}`}>
            Hide
          </Button>
        ) : (
          <Button
            size="compact-xs"
            variant="subtle"
            loading={state.kind === 'revealing'}
            onClick={() => void reveal()}
            aria-label={`Show the whole ${label}`}
          >
            Show
          </Button>
        )
      ) : null}
      {state.kind === 'revealed' ? (
        <Text component="span" size="xs" c="dimmed">
          Shown for {REVEAL_SECONDS} seconds; your view is recorded.
        </Text>
      ) : null}
      {state.kind === 'failed' ? (
        <Text component="span" size="xs" c="red" role="alert">
          {state.message}
        </Text>
      ) : null}
    </Group>
  );
}
