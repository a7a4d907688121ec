/** The console API's `GET /admin-api/stats`: the dashboard's figures (money in major units). */
export interface WindowStats {
  window: 'today' | '7d' | '30d';
  /** epoch ms of the first platform day in the window */
  since: number;
  /** approved recharges (by approval time) */
  recharges: number;
  /** approved (paid) withdrawals */
  withdrawals: number;
  gifts: number;
  /** stakes of bets placed, cancelled ones excluded */
  turnover: number;
  /** payouts of bets settled */
  payouts: number;
  /** gross gaming revenue: stakes - payouts of the bets settled */
  ggr: number;
  new_players: number;
  /** players who placed at least one bet */
  active_players: number;
}

export interface RtpRow {
  play_type: string;
  bets: number;
  stakes: number;
  payouts: number;
  /** payouts / stakes of settled bets, percent (null without bets) */
  observed_rtp_percent: number | null;
  /** the RTP the odds of those same bets promise, stake-weighted, percent */
  theoretical_rtp_percent: number | null;
}

export interface ChiSquareView {
  counts: number[];
  chi_square: number | null;
  dof: number;
  p_value: number | null;
}

export interface DashboardStats {
  generated_at: number;
  timezone: string;
  windows: WindowStats[];
  pending_approvals: { total: number; recharges: number; withdrawals: number };
  rtp: RtpRow[];
  digits: { rounds: number; positions: (ChiSquareView & { position: number })[]; sums: ChiSquareView };
}
