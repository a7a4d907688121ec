import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import en from '../../i18n/locales/en.json';
import { SecurityKeypad } from './SecurityKeypad';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
initI18n('en', en);

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function press(label: string): void {
  const key = host.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
  if (key === null) throw new Error(`no key ${label}`);
  act(() => key.click());
}

function filled(): number {
  return host.querySelectorAll('.keypad__box--filled').length;
}

describe('the security-code keypad', () => {
  it('submits by itself, once, when the sixth digit is typed', () => {
    const onComplete = vi.fn();
    act(() => root.render(<SecurityKeypad label="code" onComplete={onComplete} />));
    for (const d of '48291') press(d);
    expect(onComplete).not.toHaveBeenCalled();
    expect(filled()).toBe(5);
    press('3');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('482913');
    press('7');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('deletes the last digit', () => {
    const onComplete = vi.fn();
    act(() => root.render(<SecurityKeypad label="code" onComplete={onComplete} />));
    for (const d of '12345') press(d);
    press('Delete');
    press('9');
    press('8');
    expect(onComplete).toHaveBeenCalledWith('123498');
  });

  it('clears and accepts a new code after a reset (e.g. a wrong code)', () => {
    const onComplete = vi.fn();
    act(() => root.render(<SecurityKeypad label="code" onComplete={onComplete} resetKey={0} />));
    for (const d of '111111') press(d);
    act(() => root.render(<SecurityKeypad label="code" onComplete={onComplete} resetKey={1} />));
    expect(filled()).toBe(0);
    for (const d of '222222') press(d);
    expect(onComplete.mock.calls).toEqual([['111111'], ['222222']]);
  });
});
