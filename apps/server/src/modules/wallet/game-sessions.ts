import { Counter } from 'prom-client';
import type { GameProviderAdapter } from '../../adapters/game-provider.js';
import type { Db } from '../../db/database.js';
import type { Metrics } from '../../metrics.js';
import * as repo from './wallet.repository.js';

/**
 * Ends a member's open game sessions at every provider that offers it (`providers.ends_sessions`),
 * when a break or a self-exclusion starts: launching is refused from then on, and this logs out the
 * games already open. The restriction is written before and stands whatever the providers answer:
 * this never throws, and a provider that fails is logged and counted, not retried (docs/adr/0394).
 * Ending sessions that are already ended is no error at a provider, so a second call is harmless.
 */
export function createGameSessions(deps: {
  db: Db;
  provider: Pick<GameProviderAdapter, 'endSessions'>;
  log: { warn(object: object, message: string): void };
  metrics: Metrics;
}) {
  const ends = new Counter({
    name: 'wallet_provider_session_ends_total',
    help: 'Calls ending a member\'s game sessions at a provider (a break or a self-exclusion), by provider and outcome.',
    labelNames: ['provider', 'outcome'] as const,
    registers: [deps.metrics],
  });

  return {
    async endGameSessions(memberId: bigint): Promise<void> {
      let gameAccounts: Array<{ provider_code: string; username: string }>;
      try {
        gameAccounts = await repo.gameAccountsWithSessionEnds(deps.db, memberId);
      } catch (error) {
        deps.log.warn({ memberId: String(memberId), err: error }, 'could not list game accounts to end their sessions');
        return;
      }
      // In parallel: each call is bounded by the adapter's timeout, and one slow provider holds no other.
      await Promise.all(
        gameAccounts.map(async ({ provider_code: code, username }) => {
          try {
            await deps.provider.endSessions(code, username);
            ends.inc({ provider: code, outcome: 'ended' });
          } catch (error) {
            ends.inc({ provider: code, outcome: 'failed' });
            deps.log.warn({ memberId: String(memberId), provider: code, err: error }, 'provider did not end the game sessions');
          }
        }),
      );
    },
  };
}
export type GameSessions = ReturnType<typeof createGameSessions>;
