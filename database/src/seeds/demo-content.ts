/**
 * Demo content for a fresh install: honest texts about the product in the five languages, no invented players or
 * wins. Banner images carry no words: their captions are text per locale, drawn by the app over the image. The row's
 * own title/content is the tw text (the fallback of every reader); `legacyTitle` is the English title a database
 * seeded before per-locale content holds, so the seed can give those rows their translations.
 */
type Texts = { tw: string; zh: string; en: string; jp: string; kor: string };

export interface DemoBanner {
  image: string;
  link: string;
  sort: number;
  titles: Texts;
}

export interface DemoArticle {
  tab: string;
  is_top: boolean;
  legacyTitle: string;
  titles: Texts;
  contents: Texts;
}

export interface DemoNotice {
  kind: string;
  legacyTitle: string;
  titles: Texts;
  contents: Texts;
}

export const DEMO_BANNERS: DemoBanner[] = [
  {
    image: '/static/banners/banner-1.svg',
    link: '/fairness',
    sort: 1,
    titles: {
      tw: '公平可驗證：每一期都能自己核對',
      zh: '公平可验证：每一期都能自己核对',
      en: 'Provably fair: verify every draw',
      jp: '公正を検証：すべての抽選を確認できます',
      kor: '공정성 검증: 모든 추첨을 직접 확인',
    },
  },
  {
    image: '/static/banners/banner-2.svg',
    link: '/lottery',
    sort: 2,
    titles: {
      tw: '四條線路，每 3.5 分鐘一期',
      zh: '四条线路，每 3.5 分钟一期',
      en: 'Four lines, a round every 3.5 minutes',
      jp: '4つのライン、3.5分ごとに1回',
      kor: '4개 라인, 3.5분마다 한 회차',
    },
  },
  {
    image: '/static/banners/banner-3.svg',
    link: '/rule',
    sort: 3,
    titles: {
      tw: '理性娛樂：僅限 18 歲以上',
      zh: '理性娱乐：仅限 18 岁以上',
      en: 'Play responsibly: 18+ only',
      jp: '節度ある遊びを：18歳以上限定',
      kor: '책임감 있는 게임: 18세 이상만',
    },
  },
];

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    tab: 'original',
    is_top: true,
    legacyTitle: 'How a round works',
    titles: { tw: '一期遊戲如何進行', zh: '一期游戏如何进行', en: 'How a round works', jp: '1回の流れ', kor: '한 회차의 진행 방식' },
    contents: {
      tw: '<p>每一期開出三個 0 到 9 的數字，三數之和（0 到 27）決定所有投注。每天 10:00 至 02:00（平台時間）每 3.5 分鐘開一期，共四條線路：新加坡、紐西蘭、吉隆坡與澳洲。</p><p>開獎前 30 秒停止投注。可投注大（14-27）、小（0-13）、單、雙、它們的組合、極值（0-5 與 22-27）或指定和值。</p>',
      zh: '<p>每一期开出三个 0 到 9 的数字，三数之和（0 到 27）决定所有投注。每天 10:00 至 02:00（平台时间）每 3.5 分钟开一期，共四条线路：新加坡、新西兰、吉隆坡与澳大利亚。</p><p>开奖前 30 秒停止投注。可投注大（14-27）、小（0-13）、单、双、它们的组合、极值（0-5 与 22-27）或指定和值。</p>',
      en: '<p>Every round draws three digits from 0 to 9; their sum, from 0 to 27, decides every bet. Rounds open every 3.5 minutes from 10:00 to 02:00 (platform time) on four lines: Singapore, New Zealand, Kuala Lumpur and Australia.</p><p>Betting closes 30 seconds before the draw. You can bet on big (14-27), small (0-13), odd, even, their combinations, the extremes (0-5 and 22-27) or an exact sum.</p>',
      jp: '<p>毎回 0〜9 の数字を3つ抽選し、その合計（0〜27）ですべてのベットが決まります。10:00〜02:00（プラットフォーム時間）の間、3.5分ごとに4つのライン（シンガポール、ニュージーランド、クアラルンプール、オーストラリア）で開催されます。</p><p>ベットは抽選の30秒前に締め切られます。大（14-27）、小（0-13）、奇数、偶数、その組み合わせ、極値（0-5 と 22-27）、または合計の数字にベットできます。</p>',
      kor: '<p>매 회차 0부터 9까지의 숫자 세 개를 추첨하며, 그 합(0~27)이 모든 베팅을 결정합니다. 10:00부터 02:00(플랫폼 시간)까지 3.5분마다 네 개 라인(싱가포르, 뉴질랜드, 쿠알라룸푸르, 호주)에서 회차가 열립니다.</p><p>베팅은 추첨 30초 전에 마감됩니다. 대(14-27), 소(0-13), 홀, 짝, 그 조합, 극값(0-5 및 22-27) 또는 정확한 합에 베팅할 수 있습니다.</p>',
    },
  },
  {
    tab: 'original',
    is_top: true,
    legacyTitle: 'Provably fair: check any draw yourself',
    titles: {
      tw: '公平可驗證：任何一期都能自己核對',
      zh: '公平可验证：任何一期都能自己核对',
      en: 'Provably fair: check any draw yourself',
      jp: '公正を検証：どの抽選も自分で確認',
      kor: '공정성 검증: 어떤 추첨이든 직접 확인',
    },
    contents: {
      tw: '<p>每一期接受第一筆投注之前，我們先公布一個 32 位元組祕密種子的 SHA-256 雜湊值；開獎後再公布種子本身。三個數字由 HMAC-SHA256(種子, "game:issue") 算出，任何人都能重算結果，並確認種子與事先公布的雜湊相符。包括員工在內，沒有人能選擇或更改結果。</p>',
      zh: '<p>每一期接受第一笔投注之前，我们先公布一个 32 字节秘密种子的 SHA-256 哈希值；开奖后再公布种子本身。三个数字由 HMAC-SHA256(种子, "game:issue") 算出，任何人都能重算结果，并确认种子与事先公布的哈希相符。包括员工在内，没有人能选择或更改结果。</p>',
      en: '<p>Before a round takes its first bet we publish the SHA-256 hash of a secret 32-byte seed. After the draw we publish the seed itself. The three digits are read from HMAC-SHA256(seed, "game:issue"), so anyone can recompute the result and confirm that the seed matches the hash published in advance. Nobody, staff included, can choose or change a result.</p>',
      jp: '<p>各回の最初のベットを受け付ける前に、32バイトの秘密シードの SHA-256 ハッシュを公開し、抽選後にシードそのものを公開します。3つの数字は HMAC-SHA256(シード, "game:issue") から求めるため、誰でも結果を再計算し、シードが事前に公開したハッシュと一致することを確認できます。スタッフを含め、誰も結果を選んだり変えたりできません。</p>',
      kor: '<p>각 회차의 첫 베팅을 받기 전에 32바이트 비밀 시드의 SHA-256 해시를 공개하고, 추첨 후 시드 자체를 공개합니다. 세 숫자는 HMAC-SHA256(시드, "game:issue")에서 읽으므로 누구나 결과를 다시 계산하고 시드가 미리 공개된 해시와 일치하는지 확인할 수 있습니다. 직원을 포함해 누구도 결과를 고르거나 바꿀 수 없습니다.</p>',
    },
  },
  {
    tab: 'recommend',
    is_top: false,
    legacyTitle: 'Odds and return to player',
    titles: { tw: '賠率與返還率', zh: '赔率与返还率', en: 'Odds and return to player', jp: 'オッズと還元率', kor: '배당률과 환원율' },
    contents: {
      tw: '<p>每個賠率都標示返還率（RTP）：長期而言投注額回到玩家手中的比例。我們每種玩法的返還率都是 97%，從不高於公平價格。例如大的賠率為 1.94：每 1,000 次中 500 次會中，0.5 x 1.94 = 97%。</p>',
      zh: '<p>每个赔率都标示返还率（RTP）：长期而言投注额回到玩家手中的比例。我们每种玩法的返还率都是 97%，从不高于公平价格。例如大的赔率为 1.94：每 1,000 次中 500 次会中，0.5 x 1.94 = 97%。</p>',
      en: '<p>Every odds figure is shown with its return to player (RTP): the share of stakes that returns to players over time. Our odds return 97% on every bet type and never exceed the fair price. For example, big pays 1.94: it wins 500 times in 1,000, so 0.5 x 1.94 = 97%.</p>',
      jp: '<p>すべてのオッズに還元率（RTP）を表示しています。長期的にベット額のうちプレイヤーに戻る割合です。当サイトのオッズはどのベットでも 97% を還元し、公正な価格を超えることはありません。例えば大のオッズは 1.94 で、1,000回中500回当たるため 0.5 x 1.94 = 97% です。</p>',
      kor: '<p>모든 배당률에는 환원율(RTP)이 함께 표시됩니다. 장기적으로 베팅액 중 플레이어에게 돌아가는 비율입니다. 모든 베팅 유형의 환원율은 97%이며 공정 가격을 넘지 않습니다. 예를 들어 대는 1.94를 지급합니다. 1,000번 중 500번 이기므로 0.5 x 1.94 = 97%입니다.</p>',
    },
  },
  {
    tab: 'recommend',
    is_top: false,
    legacyTitle: 'Deposits and withdrawals',
    titles: { tw: '如何儲值與提款', zh: '如何充值与提款', en: 'How to deposit and withdraw', jp: '入金と出金の方法', kor: '충전과 출금 방법' },
    contents: {
      tw: '<p>儲值最低 100，財務人員確認您的轉帳後入帳。提款最低 100，需綁定銀行卡或 USDT 錢包，並輸入 6 位數安全碼。銀行手續費由平台負擔。提款前，當日投注流水需達到您的餘額，每日午夜重新計算。</p>',
      zh: '<p>充值最低 100，财务人员确认您的转账后入账。提款最低 100，需绑定银行卡或 USDT 钱包，并输入 6 位数安全码。银行手续费由平台承担。提款前，当日投注流水需达到您的余额，每日午夜重新计算。</p>',
      en: "<p>Deposits start at 100 and are credited once our finance team confirms your transfer. Withdrawals start at 100; you need a bound bank card or USDT wallet and a 6-digit security code. The site covers bank fees. Withdrawals need a day's betting turnover equal to your balance, reset at midnight.</p>",
      jp: '<p>入金は100からで、財務担当が振込を確認すると反映されます。出金は100からで、登録済みの銀行カードまたは USDT ウォレットと6桁のセキュリティコードが必要です。銀行手数料はサイトが負担します。出金には残高と同額の当日のベット額が必要で、毎日0時にリセットされます。</p>',
      kor: '<p>충전은 100부터이며 재무팀이 이체를 확인하면 반영됩니다. 출금은 100부터이며 등록된 은행 카드 또는 USDT 지갑과 6자리 보안 코드가 필요합니다. 은행 수수료는 사이트가 부담합니다. 출금하려면 잔액만큼의 당일 베팅 실적이 필요하며 매일 자정에 초기화됩니다.</p>',
    },
  },
  {
    tab: 'wealth',
    is_top: false,
    legacyTitle: 'Play responsibly',
    titles: { tw: '理性娛樂', zh: '理性娱乐', en: 'Play responsibly', jp: '節度ある遊び', kor: '책임감 있는 게임' },
    contents: {
      tw: '<p>僅限年滿 18 歲者參與。請先為自己設定預算，達到就停止；絕不投入生活必需的錢。如果遊戲不再有趣，請聯絡客服關閉帳戶。</p>',
      zh: '<p>仅限年满 18 岁者参与。请先为自己设定预算，达到就停止；绝不投入生活必需的钱。如果游戏不再有趣，请联系客服关闭账户。</p>',
      en: '<p>Only people aged 18 or over may play. Set yourself a budget and stop when you reach it; never bet money you need. If gaming stops being fun, contact customer service to close your account.</p>',
      jp: '<p>18歳以上の方のみご参加いただけます。予算を決め、達したらやめましょう。生活に必要なお金は決して賭けないでください。楽しめなくなったら、カスタマーサービスに連絡してアカウントを閉鎖できます。</p>',
      kor: '<p>만 18세 이상만 참여할 수 있습니다. 예산을 정하고 도달하면 멈추세요. 생활에 필요한 돈은 절대 베팅하지 마세요. 게임이 더 이상 즐겁지 않다면 고객센터에 연락해 계정을 닫을 수 있습니다.</p>',
    },
  },
  {
    tab: 'wealth',
    is_top: false,
    legacyTitle: 'Why results are independent',
    titles: {
      tw: '為什麼每期結果互不相關',
      zh: '为什么每期结果互不相关',
      en: 'Why results are independent',
      jp: '結果が独立している理由',
      kor: '결과가 서로 독립적인 이유',
    },
    contents: {
      tw: '<p>每一期都使用新的隨機種子，所以過去的結果不能說明下一期。走勢圖呈現已發生的事，而不是將發生的事。</p>',
      zh: '<p>每一期都使用新的随机种子，所以过去的结果不能说明下一期。走势图呈现已发生的事，而不是将发生的事。</p>',
      en: '<p>Every round uses a new random seed, so past results say nothing about the next one. Trend charts show what happened, not what will happen.</p>',
      jp: '<p>毎回新しいランダムシードを使うため、過去の結果は次の回について何も示しません。トレンドチャートは起きたことを示すもので、これから起きることではありません。</p>',
      kor: '<p>매 회차 새로운 무작위 시드를 사용하므로 과거 결과는 다음 회차에 대해 아무것도 알려주지 않습니다. 추세 차트는 일어난 일을 보여줄 뿐, 일어날 일을 보여주지 않습니다.</p>',
    },
  },
];

export const DEMO_NOTICES: DemoNotice[] = [
  {
    kind: 'announcement',
    legacyTitle: 'Welcome to Sum28',
    titles: { tw: '歡迎來到 Sum28', zh: '欢迎来到 Sum28', en: 'Welcome to Sum28', jp: 'Sum28 へようこそ', kor: 'Sum28에 오신 것을 환영합니다' },
    contents: {
      tw: '每一期都公平可驗證：開放投注前即公布該期種子的雜湊值。',
      zh: '每一期都公平可验证：开放投注前即公布该期种子的哈希值。',
      en: "Every draw is provably fair: the hash of each round's seed is published before betting opens.",
      jp: 'すべての抽選は公正を検証できます。各回のシードのハッシュはベット受付前に公開されます。',
      kor: '모든 추첨은 공정성을 검증할 수 있습니다. 각 회차 시드의 해시는 베팅 시작 전에 공개됩니다.',
    },
  },
  {
    kind: 'announcement',
    legacyTitle: 'Opening hours',
    titles: { tw: '開放時間', zh: '开放时间', en: 'Opening hours', jp: '営業時間', kor: '운영 시간' },
    contents: {
      tw: '每天 10:00 至 02:00（平台時間）開獎。客服服務時間 12:00-23:30。',
      zh: '每天 10:00 至 02:00（平台时间）开奖。客服服务时间 12:00-23:30。',
      en: 'Rounds run from 10:00 to 02:00 (platform time). Customer service is available 12:00-23:30.',
      jp: '抽選は 10:00〜02:00（プラットフォーム時間）に行われます。カスタマーサービスは 12:00〜23:30 です。',
      kor: '회차는 10:00부터 02:00(플랫폼 시간)까지 진행됩니다. 고객센터는 12:00-23:30에 운영합니다.',
    },
  },
];
