import { STARTUP_OVERLAY_MS } from '@sum28/domain';
import { useEffect, useState, type ReactElement } from 'react';

/** Spec section 9: the start-up overlay stays 1000 ms (libs/domain). */
export { STARTUP_OVERLAY_MS };

/**
 * How long the overlay still has to stay. When `index.html` painted it (element `#startup`), it has been on screen
 * since the document's first paint, so only the rest of the 1000 ms is left; otherwise (tests) the whole 1000 ms.
 */
export function overlayRemainingMs(painted: boolean, sinceNavigationMs: number): number {
  return painted ? Math.max(0, STARTUP_OVERLAY_MS - sinceNavigationMs) : STARTUP_OVERLAY_MS;
}

/**
 * The start-up overlay. `index.html` paints it before any script arrives, so it does not hold back the first paint;
 * this component takes it over and removes it when the 1000 ms are up (drawing its own only when there is none, so
 * there is never a second overlay).
 */
export function StartupOverlay({ onDone }: { onDone: () => void }): ReactElement | null {
  const [painted] = useState(() => document.getElementById('startup'));
  useEffect(() => {
    const timer = setTimeout(
      () => {
        painted?.remove();
        onDone();
      },
      overlayRemainingMs(painted !== null, performance.now()),
    );
    return () => clearTimeout(timer);
  }, [onDone, painted]);
  if (painted !== null) return null;
  return (
    <div className="startup" aria-hidden="true">
      <div className="startup__logo">Sum28</div>
    </div>
  );
}
