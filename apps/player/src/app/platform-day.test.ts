import { describe, expect, it } from 'vitest';
import { formatDate } from './format';
import { platformDay } from './platform-day';

describe('platformDay', () => {
  it('is the platform day, not the phone day: 16:30 UTC is already the next day in Taipei', () => {
    const now = Date.UTC(2026, 10, 23, 16, 30);
    expect(formatDate(platformDay(now, 'Asia/Taipei'))).toBe('2026-11-24');
    expect(formatDate(platformDay(now, 'America/Los_Angeles'))).toBe('2026-11-23');
  });

  it('falls back to the phone day without a zone', () => {
    const now = new Date(2026, 0, 5, 23, 59).getTime();
    expect(formatDate(platformDay(now, undefined))).toBe('2026-01-05');
    expect(formatDate(platformDay(now, ''))).toBe('2026-01-05');
  });
});
