import fs from 'node:fs';

/**
 * Imported first by main.ts, so that the instrumentations are in place before anything imports `pg`
 * or `socket.io`. Tracing is off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (in the environment or
 * `.env`): then spans go in batches over OTLP/HTTP to that collector (docs/operations.md "Traces").
 * OpenTelemetry is loaded only then: a node without a collector starts without it.
 */
if (fs.existsSync('.env')) process.loadEnvFile('.env');

async function traceToCollector() {
  const [{ OTLPTraceExporter }, { BatchSpanProcessor }, { startTracing }] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-trace-node'),
    import('./telemetry.js'),
  ]);
  return startTracing(new BatchSpanProcessor(new OTLPTraceExporter()));
}

export const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? await traceToCollector() : undefined;
