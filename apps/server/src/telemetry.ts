import { FastifyOtelInstrumentation } from '@fastify/otel';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { SocketIoInstrumentation } from '@opentelemetry/instrumentation-socket.io';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { NodeTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { APP_VERSION } from '@wallet/contract';

/** The span attribute that carries the request's id (ADR 0339), so a trace is found from a log line, a ledger line or an audit entry. */
export const REQUEST_ID_ATTRIBUTE = 'wallet.request_id';

/** Only the API and the sandboxes are traced: health probes, metrics scrapes and the web apps' files are not. */
const untraced = (route: { url: string }) => !route.url.startsWith('/api/') && !route.url.startsWith('/sandbox/');

/**
 * OpenTelemetry traces (ADR 0340): each HTTP request a span (@fastify/otel, on every Fastify instance
 * as it is created), each PostgreSQL query and pool checkout a child span (instrumentation-pg:
 * statements without their values), and chat socket events (instrumentation-socket.io), all sent to
 * `processor`. Call before `pg` and `socket.io` are first imported: the instrumentations patch them as
 * they load (src/tracing.ts, imported first by main.ts). The resource is `member-wallet` at the app's
 * version unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES say otherwise.
 */
export function startTracing(processor: SpanProcessor): NodeTracerProvider {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'member-wallet', 'service.version': APP_VERSION }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: untraced,
        requestHook: (span, request) => span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id),
      }),
      // Queries outside a traced request (the reconciler's, the revocation listener's) make no traces of their own.
      new PgInstrumentation({ requireParentSpan: true }),
      new SocketIoInstrumentation(),
    ],
  });
  return provider;
}
