'use strict';
// The baseline of `npm run bench`: bare node:http answering a fixed body (the app's own heartbeat answer,
// byte for byte) to any request, after reading the request body. Usage: node bench/bare-server.js PORT BODY_FILE
const http = require('node:http');
const { readFileSync } = require('node:fs');

const [port, file] = process.argv.slice(2);
const body = readFileSync(file);
http
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`bare listening on ${port}`));
