import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overlayRemainingMs, STARTUP_OVERLAY_MS, StartupOverlay } from './StartupOverlay';

afterEach(() => {
  vi.useRealTimers();
  document.getElementById('startup')?.remove();
});

describe('start-up overlay (spec section 9: 1000 ms)', () => {
  it('counts the 1000 ms from the first paint when index.html painted the overlay', () => {
    expect(overlayRemainingMs(true, 300)).toBe(STARTUP_OVERLAY_MS - 300);
    expect(overlayRemainingMs(true, 2500)).toBe(0);
    expect(overlayRemainingMs(false, 300)).toBe(STARTUP_OVERLAY_MS);
  });

  it('removes the overlay painted by index.html when its time is up', () => {
    vi.useFakeTimers();
    const painted = document.createElement('div');
    painted.id = 'startup';
    document.body.append(painted);
    const onDone = vi.fn();
    render(<StartupOverlay onDone={onDone} />);
    act(() => {
      vi.advanceTimersByTime(STARTUP_OVERLAY_MS);
    });
    expect(document.getElementById('startup')).toBeNull();
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
