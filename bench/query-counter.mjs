// Loaded into a benchmarked server (node --import): counts the statements it sends to PostgreSQL
// (each one a round trip) and the CPU time it has used, and answers both as JSON over HTTP on
// QUERY_COUNTER_PORT. CPU per call holds up on a busy machine where throughput does not.
import http from 'node:http';
import pg from 'pg';

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  return query.apply(this, args);
};
http
  .createServer((_request, response) => {
    const { user, system } = process.cpuUsage();
    response.end(JSON.stringify({ statements, cpuMs: (user + system) / 1000 }));
  })
  .listen(Number(process.env.QUERY_COUNTER_PORT), '127.0.0.1')
  .unref();
