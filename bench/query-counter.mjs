// Loaded into the benchmarked server (node --import): counts the statements it sends to
// PostgreSQL (each one a round trip) and answers the count over HTTP on QUERY_COUNTER_PORT.
import http from 'node:http';
import pg from 'pg';

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  return query.apply(this, args);
};
http.createServer((_request, response) => response.end(String(statements))).listen(Number(process.env.QUERY_COUNTER_PORT), '127.0.0.1').unref();
