import { useEffect, useState } from 'react';

/**
 * useNow is the time (milliseconds since the epoch), read again every intervalMs so that what
 * counts from it (a lead's age) stays live. Tests drive it with fake timers.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
