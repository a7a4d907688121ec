import { DEFAULT_LOCALE, translate, type Locale, type MessageKey } from '@sum28/contracts';
import { NoticeEntity } from '@sum28/database';
import type { EntityManager } from 'typeorm';

/**
 * In-site messages the server writes to one player on an event (a recharge credited or rejected, a withdrawal paid or
 * rejected, a payout account bound or changed): the content's message key -> its title's. The notice row keeps the key and the params, and each reading
 * request renders them in its own language (the API stores no player language); the row's `title` and `content` hold
 * the default locale's text for readers without a request language (the console).
 */
export const SERVER_MESSAGES = {
  NOTICE_RECHARGE_CREDITED: 'NOTICE_RECHARGE_CREDITED_TITLE',
  NOTICE_RECHARGE_REJECTED: 'NOTICE_RECHARGE_REJECTED_TITLE',
  NOTICE_RECHARGE_REJECTED_NOTE: 'NOTICE_RECHARGE_REJECTED_TITLE',
  NOTICE_WITHDRAW_PAID: 'NOTICE_WITHDRAW_PAID_TITLE',
  NOTICE_WITHDRAW_REJECTED: 'NOTICE_WITHDRAW_REJECTED_TITLE',
  NOTICE_WITHDRAW_REJECTED_NOTE: 'NOTICE_WITHDRAW_REJECTED_TITLE',
  NOTICE_BANK_CARD_CHANGED: 'NOTICE_PAY_INFO_CHANGED_TITLE',
  NOTICE_WALLET_CHANGED: 'NOTICE_PAY_INFO_CHANGED_TITLE',
} as const satisfies Readonly<Record<string, MessageKey>>;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

/** Params of a server message: plain text only (money already formatted with 2 decimals). */
export type ServerMessageParams = Readonly<Record<string, string>>;

function isServerMessageKey(key: string): key is ServerMessageKey {
  return Object.prototype.hasOwnProperty.call(SERVER_MESSAGES, key);
}

/** The params a row stored, or null when they are not a JSON object of strings (then the stored text is shown). */
function paramsOf(json: string | null): ServerMessageParams | null {
  if (json === null) return {};
  try {
    const v = JSON.parse(json) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    const entries = Object.entries(v as Record<string, unknown>);
    return entries.every(([, x]) => typeof x === 'string') ? (Object.fromEntries(entries) as ServerMessageParams) : null;
  } catch {
    return null;
  }
}

/** Title and content of a server message in `locale`. */
export function renderServerMessage(locale: Locale, key: ServerMessageKey, params: ServerMessageParams): { title: string; content: string } {
  return { title: translate(locale, SERVER_MESSAGES[key]), content: translate(locale, key, params) };
}

/**
 * What a notice row shows in `locale`: a server message rendered from its key and params; staff's text (no key), an
 * unknown key or unreadable params as stored.
 */
export function noticeText(
  locale: Locale,
  row: { title: string; content: string; message_key: string | null; message_params: string | null },
): { title: string; content: string } {
  if (row.message_key === null || !isServerMessageKey(row.message_key)) return { title: row.title, content: row.content };
  const params = paramsOf(row.message_params);
  return params === null ? { title: row.title, content: row.content } : renderServerMessage(locale, row.message_key, params);
}

/** Writes a server message to player `userId` with `m`: call it inside the transaction of the event it tells. */
export async function writeServerMessage(m: EntityManager, userId: number, key: ServerMessageKey, params: ServerMessageParams, now: number): Promise<void> {
  const text = renderServerMessage(DEFAULT_LOCALE, key, params);
  await m.insert(NoticeEntity, {
    kind: 'message',
    user_id: userId,
    title: text.title.slice(0, 200),
    content: text.content,
    published: true,
    created_at: now,
    message_key: key,
    message_params: JSON.stringify(params),
  });
}
