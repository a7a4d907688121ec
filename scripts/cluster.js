#!/usr/bin/env node
// `npm run start:cluster -- --instances 3`: N API instances (SCHEDULER=on on all) behind nginx on one
// port, against one PostgreSQL database, with Redis carrying what the instances share (rate limits,
// session revocations, cache invalidation; see docs/ARCHITECTURE.md, "Several instances").
//
//   --instances N     API processes (default 2)
//   --port P          nginx listens on P (default 8080; the instances on free ports of 127.0.0.1)
//   --host H          nginx listens on H (default 127.0.0.1)
//   DATABASE_URL      default postgres://postgres@127.0.0.1:5432/sum28 (created when missing)
//   REDIS_URL         default redis://127.0.0.1:6379
//   POW_HMAC_KEY      shared by the instances (a captcha challenge from one is checked by another);
//                     random per cluster start when unset
// Every other variable of the API (ADMIN_PASSWORD, ROUND_SECONDS, ...) passes through to each instance.
// nginx comes from Debian's packages (installed with apt-get when missing); its generated config lives in
// a temporary directory removed at exit. Ctrl-C (or SIGTERM) stops nginx and every instance.
const { spawn, spawnSync, execFileSync } = require('node:child_process');
const { mkdtempSync, writeFileSync, rmSync, mkdirSync, chmodSync, existsSync } = require('node:fs');
const { createServer, connect } = require('node:net');
const { randomBytes } = require('node:crypto');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function args(argv) {
  const out = { instances: 2, port: 8080, host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    const [k, inline] = argv[i].split('=');
    const v = inline ?? argv[++i];
    if (k === '--instances') out.instances = Number(v);
    else if (k === '--port') out.port = Number(v);
    else if (k === '--host') out.host = v;
    else fail(`unknown option ${argv[i]} (known: --instances N, --port P, --host H)`);
  }
  if (!Number.isInteger(out.instances) || out.instances < 1 || out.instances > 32) fail('--instances must be 1..32');
  if (!Number.isInteger(out.port) || out.port < 1 || out.port > 65535) fail('--port must be 1..65535');
  return out;
}

function fail(msg) {
  console.error(`start:cluster: ${msg}`);
  process.exit(1);
}

/** Resolves true once `host:port` accepts a TCP connection, false after `ms` (nginx binds after its spawn returns). */
async function accepts(host, port, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await new Promise((done) => {
      const s = connect({ host, port }, () => {
        s.destroy();
        done(true);
      });
      s.on('error', () => done(false));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** nginx from Debian's packages, installed when missing (needs root, as apt-get does). */
function ensureNginx() {
  if (has('nginx') || existsSync('/usr/sbin/nginx')) return;
  console.log('nginx is missing: installing it from Debian packages (apt-get install nginx-light)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (a) => spawnSync('apt-get', a, { stdio: 'inherit', env }).status === 0;
  if (!(
    run(['update', '-qq']) &&
    (run(['install', '-y', '-qq', '--no-install-recommends', 'nginx-light']) || run(['install', '-y', '-qq', '--no-install-recommends', 'nginx']))
  ))
    fail('could not install nginx with apt-get (run as root, or install nginx yourself)');
}

function freePort() {
  return new Promise((ok, no) => {
    const srv = createServer();
    srv.on('error', no);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

/** Creates the PostgreSQL database of DATABASE_URL when it does not exist yet. */
async function ensureDatabase(url) {
  const { Client } = require('pg');
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(`DATABASE_URL: database name "${name}" must be letters, digits and _`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new Client({ connectionString: admin.toString() });
  try {
    await c.connect();
  } catch (e) {
    fail(`PostgreSQL does not answer at ${u.host} (${e.message}); start it, e.g. pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`);
  }
  const { rows } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rows.length === 0) {
    await c.query(`CREATE DATABASE "${name}"`);
    console.log(`created database ${name}`);
  }
  await c.end();
}

function checkRedis(url) {
  const Redis = require(require.resolve('ioredis', { paths: [path.join(root, 'apps/api')] }));
  const r = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, retryStrategy: () => null });
  r.on('error', () => undefined);
  return r
    .connect()
    .then(() => r.ping())
    .then(() => r.quit())
    .catch((e) => fail(`Redis does not answer at ${url} (${e.message})`));
}

/**
 * The nginx configuration of the cluster. `realIpFrom` (optional, e.g. '127.0.0.1'): nginx takes the client
 * address from the X-Forwarded-For of requests coming from there (nginx behind a CDN or a TLS terminator; the
 * bench uses it to bring many client addresses through one loopback connection).
 */
function nginxConfig({ dir, host, port, upstreams, realIpFrom }) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return `# generated by scripts/cluster.js
${asRoot ? 'user root;\n' : ''}worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 1m;
  upstream sum28_api {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen ${host}:${port};
${realIpFrom ? `    set_real_ip_from ${realIpFrom};\n    real_ip_header X-Forwarded-For;\n` : ''}    location / {
      proxy_pass http://sum28_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # the client address as nginx saw it (replacing, never appending, what the client sent)
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # an instance that is down: idempotent requests go to the next one (nginx never retries a POST)
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

async function main() {
  const opt = args(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sum28';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) fail('several instances need PostgreSQL: DATABASE_URL must be postgres://...');
  ensureNginx();
  await ensureDatabase(databaseUrl);
  await checkRedis(redisUrl);

  console.log('Building the API (incremental)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/api/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });

  const dir = mkdtempSync(path.join(os.tmpdir(), 'sum28-cluster-'));
  chmodSync(dir, 0o755);
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, d));
  const children = [];
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    const t = setTimeout(() => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }, 10_000);
    t.unref();
    Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(code);
    });
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SCHEDULER: 'on',
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
    POW_HMAC_KEY: process.env.POW_HMAC_KEY ?? randomBytes(32).toString('hex'),
  };
  const ports = [];
  // One after the other: the first applies the migrations (and the first-run seed), the others find them done.
  for (let i = 1; i <= opt.instances; i++) {
    const port = await freePort();
    ports.push(port);
    const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    await new Promise((ok) => {
      let buf = '';
      const tag = `[api${i}] `;
      const onData = (b) => {
        const text = b.toString();
        process.stdout.write(text.replace(/^(?=.)/gm, tag));
        buf += text;
        if (/Serving on http/.test(buf)) ok();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code, sig) => {
        if (!stopping) {
          console.error(`${tag}exited (${code ?? sig}); stopping the cluster`);
          stop(1);
        }
        ok();
      });
    });
    if (stopping) return;
  }

  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir, host: opt.host, port: opt.port, upstreams: ports }));
  const nginxBin = has('nginx') ? 'nginx' : '/usr/sbin/nginx';
  const test = spawnSync(nginxBin, ['-t', '-q', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) {
    console.error(test.stderr);
    stop(1);
    return;
  }
  const nginx = spawn(nginxBin, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(nginx);
  nginx.on('exit', (code, sig) => {
    if (!stopping) {
      console.error(`nginx exited (${code ?? sig}); stopping the cluster`);
      stop(1);
    }
  });
  // "Cluster up" means nginx answers: the first request after the line must not find the port closed.
  if (!(await accepts(opt.host, opt.port, 30_000)) && !stopping) {
    console.error(`nginx does not accept connections on ${opt.host}:${opt.port} (see ${path.join(dir, 'error.log')}); stopping the cluster`);
    stop(1);
    return;
  }
  if (stopping) return;
  console.log(
    `\nCluster up: http://${opt.host}:${opt.port}  (nginx -> ${opt.instances} instance(s) on ${ports.map((p) => `127.0.0.1:${p}`).join(', ')}; ` +
      `PostgreSQL ${databaseUrl.replace(/\/\/.*@/, '//***@')}; Redis ${redisUrl}; nginx config ${conf})\nCtrl-C stops it.`,
  );
}

module.exports = { nginxConfig };

if (require.main === module) main().catch((e) => fail(e.stack ?? String(e)));
