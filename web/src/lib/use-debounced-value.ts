import { useEffect, useEffectEvent, useState } from 'react';

/**
 * The value as it was `delayMs` after it last changed. Values are compared by their JSON text,
 * so a fresh object with the same content does not restart the timer.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  const key = JSON.stringify(value);

  const settle = useEffectEvent(() => setDebounced(value));
  useEffect(() => {
    const timer = setTimeout(() => settle(), delayMs);
    return () => clearTimeout(timer);
    // `key` stands for `value`: re-arm only when the content changes.
  }, [key, delayMs]);

  return debounced;
}
