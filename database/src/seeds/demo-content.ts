/** Demo content for a fresh install: honest texts about the product, no invented players or wins. */
export const DEMO_BANNERS = [
  { image: '/static/banners/banner-1.svg', title: 'Provably fair: verify every draw', link: '/fairness', sort: 1 },
  { image: '/static/banners/banner-2.svg', title: 'Four lines, a round every 3.5 minutes', link: '/lottery', sort: 2 },
  { image: '/static/banners/banner-3.svg', title: 'Play responsibly: 18+ only', link: '/rule', sort: 3 },
];

export const DEMO_ARTICLES = [
  {
    tab: 'original',
    is_top: true,
    title: 'How a round works',
    content:
      '<p>Every round draws three digits from 0 to 9; their sum, from 0 to 27, decides every bet. Rounds open every 3.5 minutes from 10:00 to 02:00 (platform time) on four lines: Singapore, New Zealand, Kuala Lumpur and Australia.</p><p>Betting closes 30 seconds before the draw. You can bet on big (14-27), small (0-13), odd, even, their combinations, the extremes (0-5 and 22-27) or an exact sum.</p>',
  },
  {
    tab: 'original',
    is_top: true,
    title: 'Provably fair: check any draw yourself',
    content:
      '<p>Before a round takes its first bet we publish the SHA-256 hash of a secret 32-byte seed. After the draw we publish the seed itself. The three digits are read from HMAC-SHA256(seed, "game:issue"), so anyone can recompute the result and confirm that the seed matches the hash published in advance. Nobody, staff included, can choose or change a result.</p>',
  },
  {
    tab: 'recommend',
    is_top: false,
    title: 'Odds and return to player',
    content:
      '<p>Every odds figure is shown with its return to player (RTP): the share of stakes that returns to players over time. Our odds return 97% on every bet type and never exceed the fair price. For example, big pays 1.94: it wins 500 times in 1,000, so 0.5 x 1.94 = 97%.</p>',
  },
  {
    tab: 'recommend',
    is_top: false,
    title: 'Deposits and withdrawals',
    content:
      "<p>Deposits start at 100 and are credited once our finance team confirms your transfer. Withdrawals start at 100; you need a bound bank card or USDT wallet and a 6-digit security code. The site covers bank fees. Withdrawals need a day's betting turnover equal to your balance, reset at midnight.</p>",
  },
  {
    tab: 'wealth',
    is_top: false,
    title: 'Play responsibly',
    content:
      '<p>Only people aged 18 or over may play. Set yourself a budget and stop when you reach it; never bet money you need. If gaming stops being fun, contact customer service to close your account.</p>',
  },
  {
    tab: 'wealth',
    is_top: false,
    title: 'Why results are independent',
    content:
      '<p>Every round uses a new random seed, so past results say nothing about the next one. Trend charts show what happened, not what will happen.</p>',
  },
];

export const DEMO_NOTICES = [
  { kind: 'announcement', title: 'Welcome to Sum28', content: "Every draw is provably fair: the hash of each round's seed is published before betting opens." },
  { kind: 'announcement', title: 'Opening hours', content: 'Rounds run from 10:00 to 02:00 (platform time). Customer service is available 12:00-23:30.' },
];
