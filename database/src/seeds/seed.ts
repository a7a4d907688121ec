import {
  ALL_PLAY_TYPES,
  CURRENCIES,
  DEFAULT_MAX_BALANCE_MINOR,
  DEFAULT_OPPOSITE_BET_POLICY,
  DEFAULT_TURNOVER_HEDGE_RULE,
  DEFAULT_TURNOVER_MULTIPLIER_BPS,
  GAME_LINES,
  GROUP,
  PLAN_TIERS,
  seedOddsMilli,
} from '@sum28/domain';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { ArticleEntity, BannerEntity, NoticeEntity } from '../entities/content.entity';
import { GameEntity, OddsEntity, PlanEntity } from '../entities/game.entity';
import { SettingEntity } from '../entities/staff.entity';
import { UserEntity } from '../entities/user.entity';
import { DEMO_ARTICLES, DEMO_BANNERS, DEMO_NOTICES } from './demo-content';

/** Entry balance per tier, in minor units (rising: basic is open to everyone). */
export const TIER_JOIN_LIMIT_MINOR: Record<string, number> = { basic: 0, senior: 100_000, master: 500_000, expert: 2_000_000 };
const TIER_TITLE: Record<string, string> = { basic: 'Beginner room', senior: 'Intermediate room', master: 'Advanced room', expert: 'Master room' };
/** The English titles rooms were first seeded with (before the tier words lined up across languages). */
const FIRST_TIER_TITLE: Record<string, string> = { basic: 'Basic room', senior: 'Senior room', master: 'Master room', expert: 'Expert room' };

/** Line names per locale (the console edits them; `games.names`). */
export const GAME_LINE_NAMES: Record<number, Record<string, string>> = {
  1: { tw: '新加坡', zh: '新加坡', en: 'Singapore', jp: 'シンガポール', kor: '싱가포르' },
  2: { tw: '紐西蘭', zh: '新西兰', en: 'New Zealand', jp: 'ニュージーランド', kor: '뉴질랜드' },
  3: { tw: '吉隆坡', zh: '吉隆坡', en: 'Kuala Lumpur', jp: 'クアラルンプール', kor: '쿠알라룸푸르' },
  4: { tw: '澳洲', zh: '澳大利亚', en: 'Australia', jp: 'オーストラリア', kor: '호주' },
};

/** Room titles per tier and locale (the console edits them; `plans.titles`). */
export const TIER_TITLES: Record<string, Record<string, string>> = {
  basic: { tw: '初級房', zh: '初级房', en: 'Beginner room', jp: '初級ルーム', kor: '초급방' },
  senior: { tw: '中級房', zh: '中级房', en: 'Intermediate room', jp: '中級ルーム', kor: '중급방' },
  master: { tw: '高級房', zh: '高级房', en: 'Advanced room', jp: '上級ルーム', kor: '고급방' },
  expert: { tw: '大師房', zh: '大师房', en: 'Master room', jp: '達人ルーム', kor: '마스터방' },
};

/** Defaults of the operator settings (the console edits them; a jurisdiction may differ). Rule defaults come from libs/domain. */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  turnover_multiplier_bps: DEFAULT_TURNOVER_MULTIPLIER_BPS,
  opposite_bet_policy: DEFAULT_OPPOSITE_BET_POLICY,
  withdraw_two_approver_threshold_minor: 5_000_000,
  security_code_max_attempts: 5,
  security_code_lock_minutes: 30,
  currencies: Object.fromEntries(CURRENCIES.map((c) => [c, 1])),
  max_stake_minor: 100_000_000,
  turnover_hedge_rule: DEFAULT_TURNOVER_HEDGE_RULE,
  security_code_checks_per_minute: 10,
  cs_chat_url: '', // empty: the deployment's CS_CHAT_URL
  cs_hours: '', // empty: the deployment's CS_HOURS
  catalog_labels: {}, // console overrides of category and tier names: { locale: { code: name } }
  max_balance_minor: DEFAULT_MAX_BALANCE_MINOR,
  gift_max_minor: 10_000_000,
  recharge_max_minor: 1_000_000_000,
  withdraw_max_minor: 1_000_000_000,
  recharge_two_approver_threshold_minor: 5_000_000,
  staff_daily_approval_limit_minor: 100_000_000, // 1,000,000 per approver per day: on from the start (issue 24.2)
};

export interface SeedOptions {
  now: number;
  /** banners, articles and notices for a demo; games, rooms, odds, the house agent and settings are always seeded */
  demo: boolean;
}

/**
 * Idempotent: every item is inserted only when its natural key is absent, so running it again (or on a
 * database an operator has since edited) adds nothing twice and overwrites nothing.
 */
export async function seedDatabase(ds: DataSource, opts: SeedOptions): Promise<{ inserted: number }> {
  return ds.transaction(async (m) => {
    let inserted = 0;
    const add = async (did: boolean | Promise<boolean>): Promise<void> => {
      if (await did) inserted++;
    };
    await add(ensureHouseAgent(m, opts.now));
    for (const g of GAME_LINES) {
      await add(insertIfMissing(m, GameEntity, { id: g.id }, { id: g.id, name: g.name, sort: g.id, enabled: true, names: GAME_LINE_NAMES[g.id] ?? null }));
      // Databases seeded before names existed get them; names an operator has set are kept.
      await m.update(GameEntity, { id: g.id, name: g.name, names: IsNull() }, { names: GAME_LINE_NAMES[g.id] ?? null });
      for (const [i, tier] of PLAN_TIERS.entries()) {
        let plan = await m.findOne(PlanEntity, { where: { game_id: g.id, tier } });
        if (!plan) {
          plan = await m.save(PlanEntity, {
            game_id: g.id,
            title: TIER_TITLE[tier] ?? tier,
            tier,
            join_limit_minor: TIER_JOIN_LIMIT_MINOR[tier] ?? 0,
            sort: i + 1,
            enabled: true,
            titles: TIER_TITLES[tier] ?? null,
          });
          inserted++;
        } else if (plan.titles === null && (plan.title === TIER_TITLE[tier] || plan.title === FIRST_TIER_TITLE[tier]) && TIER_TITLES[tier] !== undefined) {
          await m.update(PlanEntity, { id: plan.id }, { titles: TIER_TITLES[tier] });
        }
        for (const playType of ALL_PLAY_TYPES) {
          await add(
            insertIfMissing(
              m,
              OddsEntity,
              { plan_id: plan.id, play_type: playType },
              { plan_id: plan.id, play_type: playType, odds_milli: seedOddsMilli(playType), updated_at: opts.now },
            ),
          );
        }
      }
    }
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      await add(insertIfMissing(m, SettingEntity, { key }, { key, value, updated_at: opts.now }));
    }
    if (opts.demo) {
      // Rows seeded before per-locale content (English title, no titles) get their translations; edited rows are kept.
      for (const b of DEMO_BANNERS) {
        await add(insertIfMissing(m, BannerEntity, { image: b.image }, { ...b, title: b.titles.tw, enabled: true, created_at: opts.now }));
        await fillIfNull(m, BannerEntity, { titles: b.titles }, 'image = :image AND titles IS NULL', { image: b.image });
      }
      for (const [i, { legacyTitle, ...a }] of DEMO_ARTICLES.entries()) {
        const row = { ...a, title: a.titles.tw, content: a.contents.tw, sort: i, published: true, created_at: opts.now - i * 3_600_000 };
        await add(insertIfMissing(m, ArticleEntity, [{ title: a.titles.tw }, { title: legacyTitle }], row));
        await fillIfNull(m, ArticleEntity, { titles: a.titles, contents: a.contents }, 'title = :title AND titles IS NULL', { title: legacyTitle });
      }
      for (const [i, { legacyTitle, ...n }] of DEMO_NOTICES.entries()) {
        const row = { ...n, title: n.titles.tw, content: n.contents.tw, user_id: null, published: true, created_at: opts.now - i * 86_400_000 };
        await add(insertIfMissing(m, NoticeEntity, [{ title: n.titles.tw }, { title: legacyTitle }], row));
        await fillIfNull(m, NoticeEntity, { titles: n.titles, contents: n.contents }, 'title = :title AND user_id IS NULL AND titles IS NULL', {
          title: legacyTitle,
        });
      }
    }
    return { inserted };
  });
}

/** Sets JSON columns of the rows `where` matches (an update by a find-where would run the column's JSON transformer on IsNull()). */
async function fillIfNull<T extends object>(
  m: EntityManager,
  entity: new () => T,
  values: Record<string, unknown>,
  where: string,
  params: Record<string, unknown>,
): Promise<void> {
  await m
    .createQueryBuilder()
    .update(entity)
    .set(values as never)
    .where(where, params)
    .execute();
}

async function insertIfMissing<T extends object>(
  m: EntityManager,
  entity: new () => T,
  where: Record<string, unknown> | Record<string, unknown>[],
  row: Record<string, unknown>,
): Promise<boolean> {
  const found = await m.findOne(entity, { where: where as never });
  if (found) return false;
  await m.insert(entity, row as never);
  return true;
}

/**
 * User 1 is the house agent (group 3) whose invite code is 100001, so a newcomer can sign up at once.
 * It has no usable password: nobody logs in as it.
 */
async function ensureHouseAgent(m: EntityManager, now: number): Promise<boolean> {
  if (await m.findOne(UserEntity, { where: { id: 1 } })) return false;
  await m.insert(UserEntity, {
    id: 1,
    username: 'house',
    nickname: 'Sum28',
    mobile: '',
    password_hash: '!disabled',
    security_code_hash: null,
    group_id: GROUP.AGENT,
    inviter_id: null,
    status: 'active',
    money_minor: 0,
    lock_money_minor: 0,
    adult_consent_at: now,
    created_at: now,
    updated_at: now,
  });
  // An explicit id does not advance PostgreSQL's sequence; move it past the house agent.
  if (m.connection.options.type === 'postgres') await m.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), GREATEST((SELECT MAX(id) FROM users), 1))`);
  return true;
}
