import { countdownPhase, FINAL_COUNTDOWN_SECONDS } from '@sum28/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../app/format';
import { initI18n } from '../../i18n';
import en from '../../i18n/locales/en.json';
import { Countdown } from './Countdown';

beforeAll(() => {
  window.localStorage.setItem('locale', 'en');
  initI18n('en', en);
});
afterEach(cleanup);

/** The phase the room derives from a heartbeat (libs/domain) and what the countdown then shows. */
function show(s: {
  gameStatus?: number;
  hasRound?: boolean;
  whetherClose?: boolean;
  secondsLeft: number;
  sinceFinishMs?: number | null;
  nextOpen?: number | null;
}): HTMLElement {
  const phase = countdownPhase({
    gameStatus: s.gameStatus ?? 1,
    hasRound: s.hasRound ?? true,
    whetherClose: s.whetherClose ?? false,
    secondsLeft: s.secondsLeft,
    sinceFinishMs: s.sinceFinishMs ?? null,
  });
  render(<Countdown phase={phase} issue="20261123007" secondsLeft={s.secondsLeft} secondsToDraw={25} nextOpen={s.nextOpen ?? null} />);
  return screen.getByRole('timer');
}

describe('the countdown states', () => {
  it('open: minutes and seconds until betting closes, with the round', () => {
    const el = show({ secondsLeft: 125 });
    expect(el.dataset['phase']).toBe('open');
    expect(el.textContent).toContain('02:05');
    expect(el.textContent).toContain('Round 20261123007');
    expect(el.textContent).toContain('until betting closes');
  });

  it('the last 5 seconds: the numeric countdown', () => {
    const el = show({ secondsLeft: FINAL_COUNTDOWN_SECONDS });
    expect(el.dataset['phase']).toBe('final');
    expect(el.querySelector('.countdown__final')?.textContent).toBe('5');
    cleanup();
    expect(show({ secondsLeft: FINAL_COUNTDOWN_SECONDS + 1 }).dataset['phase']).toBe('open');
  });

  it('closed betting once whether_close, with the time to the draw', () => {
    const el = show({ secondsLeft: 40, whetherClose: true });
    expect(el.dataset['phase']).toBe('closed');
    expect(el.textContent).toContain('Closed betting');
    expect(el.textContent).toContain('Draw in 00:25');
  });

  it("'closed' and product stopped outside opening hours, with the next opening time", () => {
    const next = 1_795_500_000;
    const el = show({ secondsLeft: 0, gameStatus: 0, hasRound: false, nextOpen: next });
    expect(el.dataset['phase']).toBe('stopped');
    expect(el.textContent).toContain('Closed');
    expect(el.textContent).toContain(`Next opening: ${formatTime(next)}`);
    cleanup();
    expect(show({ secondsLeft: 0, gameStatus: 0, hasRound: false }).textContent).toContain('The product is discontinued');
  });

  it('the 10 s reset after a finish shows the new round', () => {
    const el = show({ secondsLeft: 150, sinceFinishMs: 3000 });
    expect(el.dataset['phase']).toBe('reset');
    expect(el.textContent).toContain('New round');
    cleanup();
    expect(show({ secondsLeft: 150, sinceFinishMs: 10_000 }).dataset['phase']).toBe('open');
  });
});
