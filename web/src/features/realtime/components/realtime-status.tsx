import { forwardRef, type HTMLAttributes } from 'react';

import type { RealtimeState } from '../api/connection';

/** realtimeLabel names the connection's status for the header's tooltip and screen readers. */
export function realtimeLabel(state: RealtimeState): string {
  switch (state) {
    case 'connecting':
      return 'Live updates: connecting';
    case 'connected':
      return 'Live updates: connected';
    case 'failed':
      return 'Live updates: failed, reconnecting every 10 seconds';
  }
}

const colors: Record<RealtimeState, string> = {
  connecting: 'var(--mantine-color-yellow-6)',
  connected: 'var(--mantine-color-green-6)',
  failed: 'var(--mantine-color-red-6)',
};

type RealtimeStatusProps = { state: RealtimeState } & HTMLAttributes<HTMLSpanElement>;

/** RealtimeStatus is the header's small dot of the push connection's status. */
export const RealtimeStatus = forwardRef<HTMLSpanElement, RealtimeStatusProps>(function RealtimeStatus({ state, ...rest }, ref) {
  return (
    <span
      ref={ref}
      role="status"
      tabIndex={0}
      aria-label={realtimeLabel(state)}
      data-state={state}
      {...rest}
      style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: colors[state], flex: 'none' }}
    />
  );
});
