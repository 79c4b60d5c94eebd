import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** msUntilNextMinute is how long from now (milliseconds) until the next minute boundary. */
export function msUntilNextMinute(now: number): number {
  return 60_000 - (now % 60_000);
}

/** Clock shows the current time, updated on every minute boundary. */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(() => {
        setNow(new Date());
        next();
      }, msUntilNextMinute(Date.now()));
    };
    next();
    return () => clearTimeout(timer);
  }, []);
  return (
    <Text
      component="time"
      dateTime={now.toISOString()}
      title={dateFormat.format(now)}
      size="sm"
      fw={600}
      c="dimmed"
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
    >
      {timeFormat.format(now)}
    </Text>
  );
}
