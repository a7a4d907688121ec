import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useBalanceHidden } from './hooks';

function Screen({ name }: { name: string }): ReactElement {
  const [hidden, toggle] = useBalanceHidden();
  return (
    <button type="button" onClick={toggle}>
      {name}:{hidden ? 'hidden' : 'shown'}
    </button>
  );
}

afterEach(cleanup);

describe('the balance-privacy choice', () => {
  it('is one for the whole app: hiding on one screen hides on every other, and it is kept on the device', () => {
    render(
      <>
        <Screen name="home" />
        <Screen name="wallet" />
      </>,
    );
    expect(screen.getByText('home:shown')).toBeTruthy();
    act(() => screen.getByText('home:shown').click());
    expect(screen.getByText('wallet:hidden')).toBeTruthy();
    expect(window.localStorage.getItem('balanceHidden')).toBe('1');
    cleanup();
    render(<Screen name="personal" />);
    expect(screen.getByText('personal:hidden')).toBeTruthy();
    act(() => screen.getByText('personal:hidden').click());
    expect(screen.getByText('personal:shown')).toBeTruthy();
  });
});
