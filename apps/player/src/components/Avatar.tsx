import { DEFAULT_AVATARS } from '@sum28/domain';
import type { ReactElement } from 'react';

/** The colours of the default avatars `default-1` to `default-9` (libs/domain `DEFAULT_AVATARS`), in that order. */
export const AVATAR_COLOURS: Readonly<Record<(typeof DEFAULT_AVATARS)[number], string>> = {
  'default-1': '#1f6feb',
  'default-2': '#0f7b6c',
  'default-3': '#8250df',
  'default-4': '#bf3989',
  'default-5': '#9a6700',
  'default-6': '#cf222e',
  'default-7': '#1a7f37',
  'default-8': '#57606a',
  'default-9': '#0969da',
};

/** The player's avatar: the chosen default one (its number on its colour), else the first letter of the username. */
export function Avatar({ avatar, username, large = false }: { avatar?: string; username?: string; large?: boolean }): ReactElement {
  const index = DEFAULT_AVATARS.findIndex((a) => a === avatar);
  const chosen = index >= 0 ? DEFAULT_AVATARS[index] : undefined;
  return (
    <span className={large ? 'avatar avatar--large' : 'avatar'} style={chosen ? { background: AVATAR_COLOURS[chosen] } : undefined} aria-hidden="true">
      {chosen ? index + 1 : (username ?? '?').slice(0, 1).toUpperCase()}
    </span>
  );
}
