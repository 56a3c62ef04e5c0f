import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { Redis, Result } from 'ioredis';

/** One key's count in its current window, as @fastify/rate-limit reads it. */
interface WindowCount {
  current: number;
  ttl: number;
}

type CountCallback = (error: Error | null, result?: WindowCount) => void;

/**
 * What @fastify/rate-limit 11 hands `child()` for a route with its own limit: the merged options,
 * with the route under `routeInfo` (its types declare the route options themselves).
 */
interface ChildOptions {
  routeInfo: Pick<RouteOptions, 'method' | 'url'>;
}

declare module 'ioredis' {
  interface RedisCommander<Context> {
    floodCount(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

/** A fixed window: the first request of a window starts its expiry. */
const floodCountScript = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return {current, redis.call('PTTL', KEYS[1])}
`;

/**
 * The counts one node keeps alone while Redis cannot be reached. Expired windows are swept once the
 * map passes `sweepAt` keys, and the oldest keys go first past `hardCap`, so a flood of addresses
 * cannot grow it without bound.
 */
export class LocalFloodCounts {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly sweepAt = 10_000,
    private readonly hardCap = 100_000,
  ) {}

  increment(key: string, windowMs: number): WindowCount {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > this.sweepAt) this.sweep(now);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.hardCap) break;
      this.windows.delete(key);
    }
  }
}

export interface FloodStoreEvents {
  /** Redis failed a count: this node now counts alone until Redis answers again. */
  onFallback(error: unknown): void;
  onRecovered(): void;
}

/** Whether the counts are in this node's memory: one state for the plugin's store and every route's child. */
interface Outage {
  fallingBack: boolean;
}

class SharedFloodStore implements FastifyRateLimitStore {
  private readonly local = new LocalFloodCounts();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly outage: Outage,
    private readonly events: FloodStoreEvents,
  ) {}

  incr(key: string, callback: CountCallback, timeWindow: number): void {
    this.redis.floodCount(this.keyPrefix + key, timeWindow).then(
      ([current, ttl]) => {
        if (this.outage.fallingBack) {
          this.outage.fallingBack = false;
          this.events.onRecovered();
        }
        callback(null, { current, ttl });
      },
      (error: unknown) => {
        if (!this.outage.fallingBack) {
          this.outage.fallingBack = true;
          this.events.onFallback(error);
        }
        callback(null, this.local.increment(key, timeWindow));
      },
    );
  }

  child(declared: Parameters<FastifyRateLimitStore['child']>[0]): SharedFloodStore {
    const { method, url } = (declared as unknown as ChildOptions).routeInfo;
    // Same keys as the plugin's own Redis store: `{namespace}{method}{url}-{key}`.
    return new SharedFloodStore(this.redis, `${this.keyPrefix}${String(method)}${url}-`, this.outage, this.events);
  }
}

/**
 * Counts in Redis, shared by every node; when Redis fails, in this node's memory instead. A Redis
 * outage then weakens the limit (each node allows it once) instead of removing it, and a member is
 * not locked out by an outage either.
 */
export function sharedFloodStore(redis: Redis, nameSpace: string, events: FloodStoreEvents): FastifyRateLimitStoreCtor {
  redis.defineCommand('floodCount', { numberOfKeys: 1, lua: floodCountScript });
  const outage: Outage = { fallingBack: false };
  // The plugin constructs its store itself, with its own options, which this store does not need.
  return class extends SharedFloodStore {
    constructor() {
      super(redis, nameSpace, outage, events);
    }
  };
}
