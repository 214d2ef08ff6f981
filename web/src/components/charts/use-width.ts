import { useCallback, useState } from 'react';

/**
 * The width of an element, followed as it changes (a ResizeObserver), so a chart draws in real pixels:
 * text keeps its size on a phone instead of shrinking with a scaled viewBox. 0 until measured.
 */
export function useWidth<T extends HTMLElement>(): [(node: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: T | null) => {
    if (!node) return;
    setWidth(Math.floor(node.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(node);
    // React 19 runs a ref callback's returned function when the element goes.
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
