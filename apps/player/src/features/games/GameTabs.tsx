import { Tabs } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { GamesState } from './useGames';

/** The four lines as tabs (Singapore, New Zealand, Kuala Lumpur, Australia, as the server names them). */
export function GameTabs({ state }: { state: GamesState }): ReactElement | null {
  const { t } = useTranslation();
  if (state.games.length === 0) return null;
  return (
    <nav aria-label={t('find.lines')}>
      <Tabs activeKey={String(state.game?.id ?? '')} onChange={(k) => state.select(Number(k))} className="game-tabs">
        {state.games.map((g) => (
          <Tabs.Tab key={String(g.id)} title={g.name} />
        ))}
      </Tabs>
    </nav>
  );
}
