import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * HTTP to a test app in process, through Fastify's `inject` (light-my-request): the whole request pipeline (hooks,
 * parsers, rate limits, the native routes, the error writer) without a socket, a listen or an ephemeral port per
 * request. It speaks the part of supertest's interface the tests use (`get/post/put/patch/delete(path)`, `.set`,
 * `.type`, `.query`, `.send`, then await), and answers what supertest would (`status`, `body` parsed from JSON or a
 * form, `text`, `headers`). Tests that need a real socket (separate server processes) keep supertest.
 */
export interface InjectResponse {
  status: number;
  statusCode: number;
  ok: boolean;
  /** JSON or form answers parsed; `{}` for other types (as supertest) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as supertest's: a test reads the fields it expects
  body: any;
  text: string;
  type: string;
  headers: Record<string, string | string[] | undefined>;
  header: Record<string, string | string[] | undefined>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

const TYPES: Record<string, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  'form-data': 'multipart/form-data',
  text: 'text/plain',
  html: 'text/html',
};

export class InjectTest implements Promise<InjectResponse> {
  readonly [Symbol.toStringTag] = 'InjectTest';
  private readonly headers: Record<string, string> = {};
  private readonly search = new URLSearchParams();
  private body: string | Buffer | Record<string, unknown> | undefined;
  private sent: Promise<InjectResponse> | null = null;

  constructor(
    private readonly app: NestFastifyApplication,
    private readonly method: Method,
    private readonly path: string,
  ) {}

  /** A request header (or several at once). */
  set(name: string | Record<string, string>, value?: string): this {
    if (typeof name === 'object') for (const [k, v] of Object.entries(name)) this.headers[k.toLowerCase()] = v;
    else this.headers[name.toLowerCase()] = String(value);
    return this;
  }

  /** The body's type: `json`, `form` or a MIME type. */
  type(t: string): this {
    this.headers['content-type'] = TYPES[t] ?? t;
    return this;
  }

  /** Query parameters appended to the path. */
  query(q: Record<string, unknown> | string): this {
    const params = typeof q === 'string' ? new URLSearchParams(q) : new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
    for (const [k, v] of params) this.search.append(k, v);
    return this;
  }

  /** The body: an object (JSON, or a form with `.type('form')`; several calls merge), a string or bytes as they are. */
  send(body: unknown): this {
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      // supertest's default for a string body is a form
      this.headers['content-type'] ??= 'application/x-www-form-urlencoded';
      this.body = body;
    } else if (body !== null && typeof body === 'object') {
      this.headers['content-type'] ??= 'application/json';
      this.body = { ...(this.body !== undefined && typeof this.body === 'object' && !Buffer.isBuffer(this.body) ? this.body : {}), ...(body as object) };
    } else if (body !== undefined) {
      this.headers['content-type'] ??= 'application/json';
      this.body = JSON.stringify(body);
    }
    return this;
  }

  then<A = InjectResponse, B = never>(
    onOk?: ((r: InjectResponse) => A | PromiseLike<A>) | null,
    onFail?: ((e: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.sent ??= this.run();
    return this.sent.then(onOk, onFail);
  }

  catch<B = never>(onFail?: ((e: unknown) => B | PromiseLike<B>) | null): Promise<InjectResponse | B> {
    return this.then(undefined, onFail);
  }

  finally(onFinally?: (() => void) | null): Promise<InjectResponse> {
    return this.then().finally(onFinally);
  }

  private payload(): string | Buffer | undefined {
    const b = this.body;
    if (b === undefined || typeof b === 'string' || Buffer.isBuffer(b)) return b;
    if ((this.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return new URLSearchParams(
        Object.entries(b).map(([k, v]): [string, string] => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]),
      ).toString();
    return JSON.stringify(b);
  }

  private async run(): Promise<InjectResponse> {
    const qs = this.search.toString();
    const url = qs === '' ? this.path : `${this.path}${this.path.includes('?') ? '&' : '?'}${qs}`;
    const payload = this.payload();
    const res = await this.app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: this.method, url, headers: this.headers, ...(payload !== undefined ? { payload } : {}) });
    const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
    const text = res.body;
    let body: unknown = {};
    if (/[/+]json$/.test(type) && text !== '') body = JSON.parse(text) as unknown;
    else if (type === 'application/x-www-form-urlencoded') body = Object.fromEntries(new URLSearchParams(text));
    const headers = res.headers as Record<string, string | string[] | undefined>;
    return {
      status: res.statusCode,
      statusCode: res.statusCode,
      ok: res.statusCode >= 200 && res.statusCode < 300,
      body,
      text,
      type,
      headers,
      header: headers,
    };
  }
}

/** supertest's `request(app)`, in process. */
export interface InjectAgent {
  get: (path: string) => InjectTest;
  post: (path: string) => InjectTest;
  put: (path: string) => InjectTest;
  patch: (path: string) => InjectTest;
  delete: (path: string) => InjectTest;
  head: (path: string) => InjectTest;
  options: (path: string) => InjectTest;
}

export function injectAgent(app: NestFastifyApplication): InjectAgent {
  const of = (m: Method) => (path: string) => new InjectTest(app, m, path);
  return { get: of('GET'), post: of('POST'), put: of('PUT'), patch: of('PATCH'), delete: of('DELETE'), head: of('HEAD'), options: of('OPTIONS') };
}
