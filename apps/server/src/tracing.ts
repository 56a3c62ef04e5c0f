import fs from 'node:fs';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { startTracing } from './telemetry.js';

/**
 * Imported first by main.ts, so that the instrumentations are in place before anything imports `pg`
 * or `socket.io`. Tracing is off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (in the environment or
 * `.env`): then spans go in batches over OTLP/HTTP to that collector (docs/operations.md "Traces").
 */
if (fs.existsSync('.env')) process.loadEnvFile('.env');

export const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? startTracing(new BatchSpanProcessor(new OTLPTraceExporter())) : undefined;
