import type { LastIssue } from '@sum28/contracts';
import { issueBefore } from '@sum28/domain';

/**
 * What the bet room remembers of the heartbeat's last drawn round: `undefined` until the first heartbeat of the page
 * has answered, then that round's issue, or null while the game has no drawn round yet.
 */
export type SeenLastIssue = string | null | undefined;

/**
 * The round whose draw a heartbeat reveals (the bet room then shows the finish and tells the player a round they lost):
 * its last drawn round when it differs from the one the previous heartbeat had. The first heartbeat of the page
 * reveals none (its last round was drawn before the player came in); but a first draw after heartbeats that saw no
 * drawn round at all (a new game's first round, on a new platform) is one, like any other.
 */
export function newlyDrawn(seen: SeenLastIssue, last: LastIssue | null): LastIssue | null {
  if (seen === undefined || last === null || last.issue === seen) return null;
  return last;
}

/** What the bet room remembers after a heartbeat: its last drawn round; an answer without one does not forget a round seen. */
export function seenAfter(seen: SeenLastIssue, last: LastIssue | null): SeenLastIssue {
  return last?.issue ?? seen ?? null;
}

/**
 * Forgets the player's bets of rounds drawn before `drawnIssue` (the heartbeat's last drawn round): their draw
 * was never told on this page (it was hidden or offline meanwhile), so nothing will ask for them again.
 */
export function forgetBetsBefore(bets: Map<string, unknown>, drawnIssue: string): void {
  for (const issue of [...bets.keys()]) if (issueBefore(issue, drawnIssue)) bets.delete(issue);
}
