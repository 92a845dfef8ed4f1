import { useEffect, useState } from 'react';
import { formatDate, formatLongDateTime } from '@/lib/format';

/** Clock refresh interval (docs/interface.md#limits). */
export const CLOCK_INTERVAL_MS = 60_000;

/** Header clock: pt-BR date and time, refreshed every minute. */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  const time = now.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
  return (
    <time className="header__clock" dateTime={now.toISOString()} title={formatLongDateTime(now)}>
      <span className="header__clock-date">{formatDate(now)}</span> <span className="header__clock-time">{time}</span>
    </time>
  );
}
