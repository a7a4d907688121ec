import { describe, expect, it } from 'vitest';
import { scheduleLines } from './lottery-explain';

const t = (key: string, params?: Record<string, string | number>): string => `${key} ${JSON.stringify(params ?? {})}`;
const game = (round_seconds: number) => ({ open_hours: 'always', tz: 'Asia/Taipei', round_seconds, bet_close_seconds: 10 });

describe('the schedule sentence of the explain screen', () => {
  it('says seconds for a round of a minute or less (never "every 1 minutes"), minutes above', () => {
    expect(scheduleLines(game(60), t)[0]).toBe('lotteryExplain.everySeconds {"seconds":60}');
    expect(scheduleLines(game(45), t)[0]).toBe('lotteryExplain.everySeconds {"seconds":45}');
    expect(scheduleLines(game(180), t)[0]).toBe('lotteryExplain.everyMinutes {"minutes":3}');
    expect(scheduleLines(game(210), t)[0]).toBe('lotteryExplain.everyMinutes {"minutes":"3.5"}');
  });
});
