import { useCallback, useEffect, useState } from 'react';
import { SECOND_MS } from '../../../domain/constants';

/**
 * A whole-second countdown, e.g. the 60 s before another code may be asked for: `start(60)` and
 * `remaining` falls to 0 by the clock (so a throttled background tab still ends on time).
 */
export function useCountdown(now: () => number = Date.now) {
  const [endsAt, setEndsAt] = useState(0);
  const [current, setCurrent] = useState(now);
  const remaining = Math.max(0, Math.ceil((endsAt - current) / SECOND_MS));

  useEffect(() => {
    if (endsAt <= now()) return undefined;
    const timer = setInterval(() => {
      const at = now();
      setCurrent(at);
      if (at >= endsAt) clearInterval(timer);
    }, SECOND_MS / 4);
    return () => clearInterval(timer);
  }, [endsAt, now]);

  const start = useCallback(
    (seconds: number) => {
      const at = now();
      setCurrent(at);
      setEndsAt(at + seconds * SECOND_MS);
    },
    [now],
  );
  return { remaining, start };
}
