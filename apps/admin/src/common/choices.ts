import { ALL_PLAY_TYPES, PLAN_TIERS, ROUND_STATES } from '@sum28/domain';
import { ROLES } from '@sum28/contracts';

/** Choices from the domain's lists, labelled through `resources.<r>.*` keys (never restating the lists). */
export const TIER_CHOICES = PLAN_TIERS.map((t) => ({ id: t, name: `resources.plans.tier.${t}` }));
export const ROUND_STATE_CHOICES = ROUND_STATES.map((s) => ({ id: s, name: `resources.rounds.state.${s}` }));
export const PLAY_TYPE_CHOICES = ALL_PLAY_TYPES.map((p) => ({ id: p, name: p }));
export const ROLE_CHOICES = ROLES.map((r) => ({ id: r, name: `resources.staff.role.${r}` }));
