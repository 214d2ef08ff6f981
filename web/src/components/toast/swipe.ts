import { useRef, type PointerEvent } from 'react';
import { TOAST_SWIPE_THRESHOLD_PX } from '../../config/constants';

/** A swipe to the right further than the threshold dismisses (spec §9). */
export const isDismissSwipe = (deltaX: number, threshold = TOAST_SWIPE_THRESHOLD_PX) => deltaX > threshold;

interface Drag {
  pointerId: number;
  startX: number;
  element: HTMLElement;
}

const MESSAGE_SELECTOR = '.p-toast-message';

/** Pointer handlers (mouse, pen and touch) for the toast region: drag a message right to dismiss it. */
export function useSwipeToDismiss(onDismiss: () => void) {
  const drag = useRef<Drag | null>(null);

  const reset = (element: HTMLElement) => {
    element.style.transform = '';
    element.style.opacity = '';
    element.style.transition = '';
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button')) return; // the close button keeps working
    const element = target.closest<HTMLElement>(MESSAGE_SELECTOR);
    if (!element) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, element };
    element.style.transition = 'none';
    element.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const deltaX = Math.max(0, event.clientX - current.startX);
    current.element.style.transform = `translateX(${deltaX}px)`;
    current.element.style.opacity = String(Math.max(0.3, 1 - deltaX / 300));
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    const dismiss = event.type === 'pointerup' && isDismissSwipe(event.clientX - current.startX);
    reset(current.element);
    if (dismiss) onDismiss();
  };

  return { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd };
}
