import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';
import { CopyButton, copyText } from './CopyButton';
import { renderAntdWithReact19 } from '../app/antd-render';

initI18n('en', en);
beforeAll(renderAntdWithReact19); // as main.tsx does

const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');

function setClipboard(value: unknown): void {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}

afterEach(() => {
  cleanup();
  if (clipboard !== undefined) Object.defineProperty(navigator, 'clipboard', clipboard);
  else setClipboard(undefined);
  Reflect.deleteProperty(document, 'execCommand');
  Toast.clear();
  vi.restoreAllMocks();
});

describe('copyText', () => {
  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await expect(copyText('20261128001')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('20261128001');
  });

  it('falls back to a selected textarea and execCommand when the Clipboard API refuses', async () => {
    setClipboard({ writeText: vi.fn().mockRejectedValue(new Error('not allowed')) });
    let copied = '';
    Object.defineProperty(document, 'execCommand', {
      configurable: true,
      value: vi.fn(() => {
        copied = (document.activeElement as HTMLTextAreaElement | null)?.value ?? document.querySelector('textarea')?.value ?? '';
        return true;
      }),
    });
    await expect(copyText('TQn9Y2kh')).resolves.toBe(true);
    expect(copied).toBe('TQn9Y2kh');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says false when neither way works', async () => {
    setClipboard(undefined);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: vi.fn(() => false) });
    await expect(copyText('x')).resolves.toBe(false);
  });
});

describe('the copy button', () => {
  it('is labelled with what it copies, copies it and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    render(<CopyButton text="R20261128000042" what="order number" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy: order number' }));
    await waitFor(() => expect(document.body.textContent).toContain('Copied to clipboard'));
    expect(writeText).toHaveBeenCalledWith('R20261128000042');
  });

  it('tells the player how to copy by hand when copying failed', async () => {
    setClipboard(undefined);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: vi.fn(() => false) });
    render(<CopyButton text="R1" what="order number" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy: order number' }));
    // The toast now on screen is the failure (the previous test's may still be fading out).
    await waitFor(() => expect(Array.from(document.querySelectorAll('.adm-toast-main')).at(-1)?.textContent).toBe(en.clipboard.failedText));
  });
});
