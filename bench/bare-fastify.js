'use strict';
// The framework's floor for `npm run bench`: a bare Fastify route (the API's own Fastify, with the API's
// lean AsyncResource.bind, logger off, default JSON body parsing) answering a fixed body (the app's own
// heartbeat answer, byte for byte) to a POST, with no hooks, headers, session or limit. What the heartbeat
// costs above this is the API's own work; what this costs above bare node:http is Fastify's.
// Usage: node bench/bare-fastify.js PORT BODY_FILE API_ROOT
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const [port, file, apiRoot] = process.argv.slice(2);
const api = join(apiRoot, 'apps/api');
require(join(api, 'dist/common/lean-async-bind.js')).installLeanAsyncBind();
const fastify = require(require.resolve('fastify', { paths: [api] }))({ logger: false });
const body = readFileSync(file, 'utf8');
fastify.post('/index.php/api/Lottery/heart', (_req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
fastify.listen({ port: Number(port), host: '127.0.0.1' }).then(() => console.log(`bare listening on ${port}`));
