import { useEffect, type ReactElement } from 'react';

/** Spec section 9: the start-up overlay stays 1000 ms. */
export const STARTUP_OVERLAY_MS = 1000;

export function StartupOverlay({ onDone }: { onDone: () => void }): ReactElement {
  useEffect(() => {
    const timer = setTimeout(onDone, STARTUP_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <div className="startup" aria-hidden="true">
      <div className="startup__logo">Sum28</div>
    </div>
  );
}
