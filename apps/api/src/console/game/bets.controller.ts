import { readController } from '../common/crud.controller';
import { GameAdminService } from './game-admin.service';

export const BetsController = readController({
  name: 'BetsController',
  path: 'bets',
  read: 'bets.read',
  reader: GameAdminService,
  list: (g, q) => g.bets.list(q),
  csv: (g, q) => g.bets.csv(q),
  get: (g, id) => g.bets.get(id),
  docs: {
    list: 'Bets, read-only (filters: id, order_no, user_id, game_id, plan_id, round_id, issue, play_type, status, whether_hit, created_at_gte/lte, q)',
  },
});
