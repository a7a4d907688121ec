import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { HeartRequest } from '@sum28/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { SessionRevocations } from '../auth/session-revocations';
import { Clock } from '../common/clock';
import { okEnvelope } from '../common/http/envelope';
import { langOf } from '../common/http/lang';
import { bodyShapeProblem } from '../common/validation/body-shape';
import { BalanceEpochs } from '../ledger/balance-epochs';
import { ReadDb } from '../common/db/read-db';
import { bool, first, int, intOrNull, rowOf, type RowType } from '../common/db/sql';
import { HEART_LIMIT_PER_MINUTE, HeartService, type HeartUser } from './heart.service';

export const HEART_PATH = '/index.php/api/Lottery/heart';

const BODY_KEYS: ReadonlySet<string> = new Set(['plan_id', 'game_id', 'issue', 'since_id', 'host', 'lang']);
const ID_TEXT = /^[0-9]{1,10}$/;
const ISSUE_TEXT = /^([0-9]{8,16})?$/;
const MAX_ID = 2_147_483_647;
/** Larger heartbeat bodies are not plausible; they go through Fastify's parser and the Nest route. */
const MAX_FAST_BODY = 4096;

/** The whole body, or null when it is longer than announced. */
async function readBody(payload: NodeJS.ReadableStream, length: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > length) return null;
    chunks.push(b);
  }
  return Buffer.concat(chunks, size);
}

/** A stream of bytes already read, for Fastify's parser (which checks the length against the header). */
function replay(raw: Buffer): NodeJS.ReadableStream {
  const stream = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  stream.receivedEncodedLength = raw.length;
  return stream;
}
/** How long a looked-up session (and the balances shown with it) is reused by the heartbeat. */
const SESSION_CACHE_MS = 1000;
const SESSION_CACHE_MAX = 100_000;

/** A session by its token hash with its player's balances (liveSession); decoded once, then cached. */
const SessionRow = rowOf({
  revoked_at: intOrNull,
  expires_at: int,
  id: int,
  money_minor: int,
  lock_money_minor: int,
  must_change_password: bool,
});
type SessionRow = RowType<typeof SessionRow>;

/** An id as the DTO accepts it (a JSON integer or, from a form, a digit string) in 1..MAX_ID; else null. */
function idOf(v: unknown, min: number, max: number): number | null {
  const n = typeof v === 'string' && ID_TEXT.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/**
 * The happy path of `Lottery/heart` without the Nest pipeline: measured, the pipeline (guards, pipes,
 * interceptors, two ORM reads for the session) costs several times the heartbeat itself, and every
 * player sends one every 2 s (docs/performance.md).
 *
 * It is a Fastify preHandler for that one route and answers ONLY a request it can fully accept: a body
 * of known fields with plainly valid values, a live session whose player need not change the password,
 * a client under the heartbeat's per-IP limit, and no error from HeartService. Anything else simply
 * continues to the Nest route (LotteryController.heart), which validates, authenticates, rate-limits
 * and answers errors as every other call does. So the two paths share HeartService and the envelope, and
 * an error never comes from here. `feed.e2e-spec.ts` checks both give the same answers.
 */
@Injectable()
export class HeartFastPath implements OnModuleInit {
  private readonly log = new Logger('HeartFastPath');
  /** Tests turn it off to compare with the Nest route. */
  enabled = true;
  /** Heartbeats answered here (the rest went to the Nest route). */
  served = 0;
  /** Per client IP and minute; beyond it requests go to the Nest route and its ThrottlerGuard. */
  limitPerMinute = HEART_LIMIT_PER_MINUTE;
  private window = -1;
  private hits = new Map<string, number>();
  private readonly sessions = new Map<string, { row: SessionRow; at: number; epoch: number }>();
  /** Bumped by every revocation: a lookup that overlapped one is neither cached nor trusted. */
  private revision = 0;
  /** Requests the JSON path already tried (the form path must not count them twice). */
  private readonly tried = new WeakSet<FastifyRequest>();

  constructor(
    private readonly adapter: HttpAdapterHost,
    private readonly db: ReadDb,
    private readonly clock: Clock,
    private readonly hearts: HeartService,
    private readonly revocations: SessionRevocations,
    private readonly epochs: BalanceEpochs,
  ) {}

  /** A revoked player's cached sessions go at once (issue 8, point 10): the next poll reads the database. */
  forgetUser(userId: number): void {
    this.revision++;
    for (const [hash, entry] of this.sessions) if (entry.row.id === userId) this.sessions.delete(hash);
  }

  onModuleInit(): void {
    this.revocations.subscribe((userId) => this.forgetUser(userId));
    const fastify = this.adapter.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (fastify === undefined || typeof fastify.addHook !== 'function') {
      this.log.warn('not on Fastify: the heartbeat takes the Nest route only');
      return;
    }
    // JSON polls are answered before Fastify parses the body (its parser costs about as much as the
    // heartbeat itself): the small body is read here and, when this path cannot answer, handed back to
    // Fastify unchanged as a new stream, so the Nest route sees exactly what the client sent.
    fastify.addHook('preParsing', async (req: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream) => {
      if (!this.enabled || req.method !== 'POST' || req.routeOptions.url !== HEART_PATH) return payload;
      const type = req.headers['content-type'] ?? '';
      const length = Number(req.headers['content-length']);
      if (!type.startsWith('application/json') || !(length > 0 && length <= MAX_FAST_BODY)) return payload;
      const raw = await readBody(payload, length);
      if (raw === null) return replay(Buffer.alloc(0));
      this.tried.add(req);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return replay(raw);
      }
      const answer = await this.tryAnswer(req, body);
      if (answer === null) return replay(raw);
      this.served++;
      await reply.code(200).send(answer);
      return reply;
    });
    // Form-encoded polls: after Fastify has parsed them.
    fastify.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!this.enabled || req.method !== 'POST' || req.routeOptions.url !== HEART_PATH || this.tried.has(req)) return;
      const answer = await this.tryAnswer(req, req.body);
      if (answer === null) return;
      this.served++;
      return reply.code(200).send(answer);
    });
  }

  /** The envelope for a request this path can accept, or null to let the Nest route handle it. */
  private async tryAnswer(req: FastifyRequest, body: unknown): Promise<unknown> {
    const dto = this.plainBody(body);
    if (dto === null) return null;
    const header = req.headers['token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) return null;
    if (!this.underLimit(req.ip)) return null;
    const now = this.clock.now();
    const user = await this.liveSession(token, now);
    if (user === null) return null;
    try {
      const lang = langOf({ body, query: req.query, headers: req.headers });
      return okEnvelope(lang, await this.hearts.heart(user, dto, lang));
    } catch {
      return null; // the Nest route answers the error
    }
  }

  private plainBody(body: unknown): HeartRequest | null {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
    // The same shape rule as the validation pipe (too deep, prototype-named keys): the Nest route answers it.
    if (bodyShapeProblem(body) !== null) return null;
    const b = body as Record<string, unknown>;
    for (const k of Object.keys(b)) if (!BODY_KEYS.has(k)) return null;
    const plan = idOf(b['plan_id'], 1, MAX_ID);
    const game = idOf(b['game_id'], 1, MAX_ID);
    if (plan === null || game === null) return null;
    const dto: HeartRequest = { plan_id: plan, game_id: game };
    if (b['since_id'] !== undefined) {
      const since = idOf(b['since_id'], 0, Number.MAX_SAFE_INTEGER);
      if (since === null) return null;
      dto.since_id = since;
    }
    const issue = b['issue'];
    if (issue !== undefined && (typeof issue !== 'string' || !ISSUE_TEXT.test(issue))) return null;
    const host = b['host'];
    if (host !== undefined && (typeof host !== 'string' || host.length > 255)) return null;
    const lang = b['lang'];
    if (lang !== undefined && (typeof lang !== 'string' || lang.length > 32)) return null;
    return dto;
  }

  /** A fixed one-minute window per client IP (O(1) per request); over it, the Nest ThrottlerGuard decides. */
  private underLimit(ip: string): boolean {
    const window = Math.floor(this.clock.now() / 60_000);
    if (window !== this.window) {
      this.window = window;
      this.hits = new Map();
    }
    const n = (this.hits.get(ip) ?? 0) + 1;
    this.hits.set(ip, n);
    return n <= this.limitPerMinute;
  }

  /**
   * The session by its token hash with the player's balances: one indexed read, remembered for
   * SESSION_CACHE_MS so a burst of polls does not repeat it. Only a session that the guard would accept
   * for this route passes (not revoked, not expired, no pending password change); every other case goes
   * to the guard, which answers its code. A revocation in this process (logout, password change, staff
   * reset: SessionRevocations) drops the player's entries at once, so the next poll is refused; another
   * instance's cache still serves it for at most SESSION_CACHE_MS.
   */
  private async liveSession(token: string, now: number): Promise<HeartUser | null> {
    const hash = createHash('sha256').update(token).digest('hex');
    const cached = this.sessions.get(hash);
    let r: SessionRow | undefined;
    if (cached !== undefined && now - cached.at < SESSION_CACHE_MS && !this.balanceChanged(cached)) r = cached.row;
    else {
      const revision = this.revision;
      const epoch = this.epochs.current(); // before the read: a commit after it forces the next read
      r = await first(
        SessionRow,
        this.db.all(
          `SELECT s.revoked_at, s.expires_at, u.id, u.money_minor, u.lock_money_minor, u.must_change_password
             FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`,
          [hash],
        ),
      );
      // A revocation committed while this read ran: its answer may predate it; the Nest route decides.
      if (revision !== this.revision) return null;
      if (this.sessions.size >= SESSION_CACHE_MAX) this.sessions.clear();
      if (r !== undefined) this.sessions.set(hash, { row: r, at: now, epoch });
    }
    if (r === undefined || r.revoked_at !== null || r.expires_at <= now || r.must_change_password) return null;
    return { id: r.id, money_minor: r.money_minor, lock_money_minor: r.lock_money_minor };
  }

  /** The cached balance is older than a committed write of this player's (bet, withdrawal, approval, settlement). */
  private balanceChanged(cached: { row: SessionRow; epoch: number }): boolean {
    return this.epochs.changedSince(cached.row.id, cached.epoch);
  }
}
