import { describe, expect, it } from 'vitest';
import { chatUrlOf, hoursOf } from './customer-service';

describe('customer service from index/config', () => {
  it('opens only a configured https chat page', () => {
    expect(chatUrlOf({ chat_url: 'https://chat.example.com/room', hours: '' })).toBe('https://chat.example.com/room');
    expect(chatUrlOf({ chat_url: '', hours: '' })).toBeNull();
    expect(chatUrlOf({ chat_url: 'http://chat.example.com', hours: '' })).toBeNull();
    expect(chatUrlOf({ chat_url: 'javascript:alert(1)', hours: '' })).toBeNull();
    expect(chatUrlOf(undefined)).toBeNull();
  });

  it('shows the hours the console set, or none', () => {
    expect(hoursOf({ chat_url: '', hours: '12:00-23:30' })).toBe('12:00-23:30');
    expect(hoursOf({ chat_url: '', hours: '' })).toBeNull();
  });
});
