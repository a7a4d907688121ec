import type { Game } from '@sum28/contracts';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../../app/hooks';

export interface GamesState {
  games: Game[];
  /** The chosen line: query `id` (or `game_id`) when it names one, else the first line. */
  game: Game | undefined;
  select: (id: number) => void;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/** The game lines (names in the player's language) and the one chosen by the screen's query. */
export function useGames(param: 'id' | 'game_id' = 'id'): GamesState {
  const { data, loading, error, reload } = useApi('lotteryIndex', {});
  const [params, setParams] = useSearchParams();
  const games = data?.gameList ?? [];
  const wanted = Number(params.get(param));
  const game = games.find((g) => g.id === wanted) ?? games[0];
  const select = (id: number): void => {
    const next = new URLSearchParams(params);
    next.set(param, String(id));
    next.delete('issue');
    setParams(next, { replace: true });
  };
  return { games, game, select, loading, error, reload };
}
