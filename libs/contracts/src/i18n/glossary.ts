import type { Locale } from './locale';

/**
 * One term per money concept in each language, for every text a player or staff member reads: the player app, the
 * console and the API's messages (issue 25). Stake, payout and profit mean what libs/domain says (`settleBet`,
 * `roundNet`): payout is what a hit pays back, the stake included; profit is payout - stake.
 * `avoid` lists the synonyms that drifted in before; a test reads every locale file for them.
 */
export const GLOSSARY: Readonly<
  Record<
    'stake' | 'payout' | 'profit' | 'recharge' | 'withdraw',
    { term: Readonly<Record<Locale, string>>; avoid: Readonly<Partial<Record<Locale, readonly string[]>>> }
  >
> = {
  stake: { term: { tw: '投注', zh: '投注', en: 'Stake', jp: 'ベット', kor: '베팅' }, avoid: {} },
  payout: { term: { tw: '派彩', zh: '派彩', en: 'Payout', jp: '配当', kor: '지급액' }, avoid: { zh: ['派奖'], jp: ['払戻'], kor: ['당첨금'] } },
  profit: { term: { tw: '盈利', zh: '盈利', en: 'Profit', jp: '損益', kor: '손익' }, avoid: { tw: ['輸贏'], zh: ['输赢'] } },
  recharge: { term: { tw: '充值', zh: '充值', en: 'Deposit', jp: '入金', kor: '입금' }, avoid: { tw: ['儲值'], zh: ['储值'] } },
  withdraw: { term: { tw: '提現', zh: '提现', en: 'Withdraw', jp: '出金', kor: '출금' }, avoid: { tw: ['提款'], zh: ['提款'] } },
};
