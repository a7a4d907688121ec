import type { Locale } from './locale';

/** One text per locale. */
export type Localized = Readonly<Record<Locale, string>>;

/**
 * The label a player sees for each request field (the `field` param of VALIDATION_FAILED), one line per
 * field. A field without a label here is shown by its wire name; the messages e2e test walks every
 * player call and fails on that, so a new DTO field needs a line here.
 */
export const FIELD_LABELS: Readonly<Record<string, Localized>> = {
  body: { tw: '請求內容', zh: '请求内容', en: 'Request', jp: 'リクエスト', kor: '요청' },
  host: { tw: '主機', zh: '主机', en: 'Host', jp: 'ホスト', kor: '호스트' },
  lang: { tw: '語言', zh: '语言', en: 'Language', jp: '言語', kor: '언어' },
  username: { tw: '帳號', zh: '账号', en: 'Username', jp: 'ユーザー名', kor: '아이디' },
  account: { tw: '帳號', zh: '账号', en: 'Username', jp: 'ユーザー名', kor: '아이디' },
  password: { tw: '密碼', zh: '密码', en: 'Password', jp: 'パスワード', kor: '비밀번호' },
  group_id: { tw: '帳號類型', zh: '账号类型', en: 'Account type', jp: 'アカウント種別', kor: '계정 유형' },
  inviter_id: { tw: '邀請人', zh: '邀请人', en: 'Inviter', jp: '招待者', kor: '초대인' },
  invite_code: { tw: '邀請碼', zh: '邀请码', en: 'Invite code', jp: '招待コード', kor: '초대 코드' },
  captcha_id: { tw: '驗證碼編號', zh: '验证码编号', en: 'Verification code number', jp: '認証コード番号', kor: '인증 코드 번호' },
  captcha: { tw: '驗證碼', zh: '验证码', en: 'Verification code', jp: '認証コード', kor: '인증 코드' },
  size: { tw: '圖片大小', zh: '图片大小', en: 'Picture size', jp: '画像の大きさ', kor: '그림 크기' },
  device_token: { tw: '裝置憑證', zh: '设备凭证', en: 'Device token', jp: 'デバイストークン', kor: '기기 토큰' },
  adult: { tw: '年齡確認', zh: '年龄确认', en: 'Age confirmation', jp: '年齢確認', kor: '연령 확인' },
  money: { tw: '金額', zh: '金额', en: 'Amount', jp: '金額', kor: '금액' },
  type: { tw: '類型', zh: '类型', en: 'Type', jp: '種類', kor: '유형' },
  idempotency_key: { tw: '請求識別碼', zh: '请求识别码', en: 'Request key', jp: 'リクエストキー', kor: '요청 키' },
  securityCode: { tw: '安全碼', zh: '安全码', en: 'Security code', jp: 'セキュリティコード', kor: '보안 코드' },
  begin_date: { tw: '開始日期', zh: '开始日期', en: 'Start date', jp: '開始日', kor: '시작일' },
  end_date: { tw: '結束日期', zh: '结束日期', en: 'End date', jp: '終了日', kor: '종료일' },
  page: { tw: '頁碼', zh: '页码', en: 'Page', jp: 'ページ', kor: '페이지' },
  pageSize: { tw: '每頁筆數', zh: '每页条数', en: 'Page size', jp: '1ページの件数', kor: '페이지당 개수' },
  acc: {
    tw: '戶名或錢包地址',
    zh: '户名或钱包地址',
    en: 'Account holder or wallet address',
    jp: '口座名義またはウォレットアドレス',
    kor: '예금주 또는 지갑 주소',
  },
  acc_name: {
    tw: '卡號或錢包類型',
    zh: '卡号或钱包类型',
    en: 'Card number or wallet type',
    jp: 'カード番号またはウォレット種別',
    kor: '카드 번호 또는 지갑 유형',
  },
  acc_bank: { tw: '銀行名稱', zh: '银行名称', en: 'Bank name', jp: '銀行名', kor: '은행명' },
  mark: { tw: '備註', zh: '备注', en: 'Note', jp: '備考', kor: '메모' },
  new_code: { tw: '新安全碼', zh: '新安全码', en: 'New security code', jp: '新しいセキュリティコード', kor: '새 보안 코드' },
  after_code: { tw: '目前的安全碼', zh: '当前安全码', en: 'Current security code', jp: '現在のセキュリティコード', kor: '현재 보안 코드' },
  confirm_code: { tw: '確認安全碼', zh: '确认安全码', en: 'Security code confirmation', jp: 'セキュリティコード（確認）', kor: '보안 코드 확인' },
  new_pass: { tw: '新密碼', zh: '新密码', en: 'New password', jp: '新しいパスワード', kor: '새 비밀번호' },
  after_pass: { tw: '目前的密碼', zh: '当前密码', en: 'Current password', jp: '現在のパスワード', kor: '현재 비밀번호' },
  confirm_pass: { tw: '確認密碼', zh: '确认密码', en: 'Password confirmation', jp: 'パスワード（確認）', kor: '비밀번호 확인' },
  nickname: { tw: '暱稱', zh: '昵称', en: 'Nickname', jp: 'ニックネーム', kor: '닉네임' },
  mobile: { tw: '手機號碼', zh: '手机号码', en: 'Mobile number', jp: '携帯電話番号', kor: '휴대폰 번호' },
  avatar: { tw: '頭像', zh: '头像', en: 'Avatar', jp: 'アバター', kor: '프로필 사진' },
  game_id: { tw: '遊戲', zh: '游戏', en: 'Game', jp: 'ゲーム', kor: '게임' },
  plan_id: { tw: '房間', zh: '房间', en: 'Room', jp: 'ルーム', kor: '방' },
  issue: { tw: '期數', zh: '期号', en: 'Round number', jp: '回号', kor: '회차' },
  since_id: { tw: '動態位置', zh: '动态位置', en: 'Feed position', jp: 'フィード位置', kor: '피드 위치' },
  play_type: { tw: '玩法', zh: '玩法', en: 'Bet type', jp: '賭け方', kor: '베팅 유형' },
  follow_id: { tw: '跟投注單', zh: '跟投注单', en: 'Bet to follow', jp: 'フォローするベット', kor: '따라갈 베팅' },
  limit: { tw: '筆數', zh: '条数', en: 'Number of rows', jp: '件数', kor: '개수' },
  activeTab: { tw: '狀態篩選', zh: '状态筛选', en: 'Status filter', jp: '状態フィルター', kor: '상태 필터' },
  scope: { tw: '範圍', zh: '范围', en: 'Scope', jp: '範囲', kor: '범위' },
  order_id: { tw: '注單', zh: '注单', en: 'Bet', jp: 'ベット', kor: '베팅' },
  orderNo: { tw: '訂單號', zh: '订单号', en: 'Order number', jp: '注文番号', kor: '주문 번호' },
  pow: { tw: '安全驗證', zh: '安全验证', en: 'Security check', jp: 'セキュリティチェック', kor: '보안 확인' },
  tab: { tw: '分頁', zh: '分页', en: 'Tab', jp: 'タブ', kor: '탭' },
};

/**
 * What a field's value must be (the `reason` param of VALIDATION_FAILED), one line per rule, with
 * `{{min}}`, `{{max}}` and `{{values}}` from the same params. Rule names are ours, never a validator's.
 */
export const RULE_TEXTS = {
  required: { tw: '為必填', zh: '为必填项', en: 'required', jp: '入力してください', kor: '필수 항목입니다' },
  text: { tw: '須為文字', zh: '须为文字', en: 'must be text', jp: '文字で入力してください', kor: '텍스트여야 합니다' },
  integer: { tw: '須為整數', zh: '须为整数', en: 'must be a whole number', jp: '整数で入力してください', kor: '정수여야 합니다' },
  boolean: { tw: '須為是或否', zh: '须为是或否', en: 'must be yes or no', jp: 'はいかいいえで指定してください', kor: '예 또는 아니요여야 합니다' },
  length: {
    tw: '{{min}}-{{max}} 個字元',
    zh: '{{min}}-{{max}} 个字符',
    en: '{{min}}-{{max}} characters',
    jp: '{{min}}～{{max}}文字',
    kor: '{{min}}~{{max}}자',
  },
  maxLength: { tw: '最多 {{max}} 個字元', zh: '最多 {{max}} 个字符', en: 'at most {{max}} characters', jp: '{{max}}文字以内', kor: '최대 {{max}}자' },
  format: { tw: '格式不正確', zh: '格式不正确', en: 'the format is not valid', jp: '形式が正しくありません', kor: '형식이 올바르지 않습니다' },
  date: {
    tw: '須為日期，例如 2026-01-31',
    zh: '须为日期，例如 2026-01-31',
    en: 'must be a date such as 2026-01-31',
    jp: '2026-01-31 のような日付で入力してください',
    kor: '2026-01-31 형식의 날짜여야 합니다',
  },
  oneOf: {
    tw: '須為以下之一：{{values}}',
    zh: '须为以下之一：{{values}}',
    en: 'must be one of {{values}}',
    jp: '{{values}} のいずれかを指定してください',
    kor: '{{values}} 중 하나여야 합니다',
  },
  choice: { tw: '不是可用的選項', zh: '不是可用的选项', en: 'is not one of the accepted values', jp: '選択できない値です', kor: '선택할 수 없는 값입니다' },
  min: { tw: '不可小於 {{min}}', zh: '不能小于 {{min}}', en: 'at least {{min}}', jp: '{{min}}以上にしてください', kor: '{{min}} 이상이어야 합니다' },
  max: { tw: '不可大於 {{max}}', zh: '不能大于 {{max}}', en: 'at most {{max}}', jp: '{{max}}以下にしてください', kor: '{{max}} 이하여야 합니다' },
  notAnObject: {
    tw: '須為欄位與值的組合',
    zh: '须为字段与值的组合',
    en: 'must be a set of fields and values',
    jp: '項目と値の組で送ってください',
    kor: '필드와 값의 묶음이어야 합니다',
  },
  malformed: { tw: '無法解讀', zh: '无法解析', en: 'could not be read', jp: '読み取れません', kor: '읽을 수 없습니다' },
  tooDeep: { tw: '巢狀層數過多', zh: '嵌套层数过多', en: 'is nested too deeply', jp: '入れ子が深すぎます', kor: '중첩이 너무 깊습니다' },
  null: {
    tw: '不可為空值，不需要時請省略',
    zh: '不能为空值，不需要时请省略',
    en: 'must not be null: leave it out instead',
    jp: '空値にはできません。不要なら省略してください',
    kor: '빈 값일 수 없습니다. 필요 없으면 생략하세요',
  },
  beforeBegin: {
    tw: '不可早於開始日期',
    zh: '不能早于开始日期',
    en: 'must not be before the start date',
    jp: '開始日より前にはできません',
    kor: '시작일보다 이를 수 없습니다',
  },
  lettersDigits: {
    tw: '{{min}}-{{max}} 個英文字母或數字',
    zh: '{{min}}-{{max}} 个英文字母或数字',
    en: '{{min}}-{{max}} letters or digits',
    jp: '英数字{{min}}～{{max}}文字',
    kor: '영문자 또는 숫자 {{min}}~{{max}}자',
  },
  plainText: {
    tw: '不可包含 < > 、控制字元或文字方向字元',
    zh: '不能包含 < > 、控制字符或文字方向字符',
    en: 'must not contain < >, control or text-direction characters',
    jp: '< > や制御文字・文字方向の文字は使えません',
    kor: '< >, 제어 문자 또는 텍스트 방향 문자를 포함할 수 없습니다',
  },
  readOnly: { tw: '不可變更', zh: '不能修改', en: 'cannot be changed', jp: '変更できません', kor: '변경할 수 없습니다' },
  invalid: { tw: '不正確', zh: '不正确', en: 'is not valid', jp: '正しくありません', kor: '올바르지 않습니다' },
} as const satisfies Readonly<Record<string, Localized>>;

export type ValidationRule = keyof typeof RULE_TEXTS;

export function isValidationRule(x: unknown): x is ValidationRule {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(RULE_TEXTS, x);
}

/** The label of a request field in `locale`, or the field's wire name when it has none. */
export function fieldLabel(locale: Locale, field: string): string {
  return Object.prototype.hasOwnProperty.call(FIELD_LABELS, field) ? (FIELD_LABELS[field]?.[locale] ?? field) : field;
}
