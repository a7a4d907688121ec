import { describe, expect, it } from 'vitest';
import { loginFor, returnPath } from './return-path';

describe('the page sign-in returns to', () => {
  it('is the in-app path asked for, with its query', () => {
    expect(returnPath('/betRecord')).toBe('/betRecord');
    expect(returnPath('/betRoom?id=1&game_id=1&name=%E6%96%B0')).toBe('/betRoom?id=1&game_id=1&name=%E6%96%B0');
  });

  it('is never another site, a scheme, or the sign-in screens', () => {
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      '/login',
      '/register',
      '/',
      '',
      42,
      null,
      undefined,
      `/${'a'.repeat(3000)}`,
    ])
      expect(returnPath(bad)).toBeNull();
  });

  it('survives a full reload to /login as ?next=', () => {
    expect(loginFor('/wallet')).toBe('/login?next=%2Fwallet');
    expect(loginFor('//evil.example')).toBe('/login');
    expect(returnPath(new URLSearchParams(loginFor('/betRoom?id=2').split('?')[1]).get('next'))).toBe('/betRoom?id=2');
  });
});
