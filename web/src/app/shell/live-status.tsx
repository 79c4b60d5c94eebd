import { realtimeLabel, RealtimeStatus, useRealtime } from '../../features/realtime';
import { HeaderTooltip } from './header-tooltip';

/** LiveStatus keeps the user's push connection open and shows its status in the header. */
export function LiveStatus() {
  const state = useRealtime();
  if (!state) return null;
  return (
    <HeaderTooltip label={realtimeLabel(state)}>
      <RealtimeStatus state={state} />
    </HeaderTooltip>
  );
}
