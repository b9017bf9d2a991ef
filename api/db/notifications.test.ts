import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase, queryRows, type TestDatabase } from '../../tests/support/test-database';
import { openDatabase, type Database, type Db } from './client';
import type { ChannelListener } from './notifications';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());

/** A listener that writes down what it hears and whether it is listening. */
function recorder(onListening?: (on: boolean) => void) {
  const heard: string[] = [];
  const states: boolean[] = [];
  const listener: ChannelListener = {
    message: (payload) => heard.push(payload),
    listening: (on) => {
      states.push(on);
      onListening?.(on);
    },
  };
  return { heard, states, listener, listening: () => states.at(-1) === true };
}

/** Long enough for a notification while other suites start beside this one. */
const soon = { timeout: 5_000 };

/** Sends at once: a query left unawaited would never run. */
async function notify(channel: string, payload: string) {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

describe('a database’s notifications', () => {
  it('reach the listeners of their own channel only, once committed', async () => {
    const first = recorder();
    const second = recorder();
    testDatabase.database.listen('channel_one', first.listener);
    testDatabase.database.listen('channel_two', second.listener);
    await vi.waitFor(() => expect(first.listening() && second.listening()).toBe(true), soon);

    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('channel_one', 'later')`);
      expect(first.heard).toEqual([]);
    });
    await notify('channel_two', 'two');
    await vi.waitFor(() => expect(second.heard).toEqual(['two']), soon);
    expect(first.heard).toEqual(['later']);
  });
});

// Listening on a connection of its own needs a server; PGlite is one connection in this process.
if (inject('testDatabase').kind === 'postgres') {
  describe('listening on a PostgreSQL server', () => {
    let other: Database;
    const listeningBackends = async () =>
      (
        await queryRows<{ count: number }>(
          db,
          sql`SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
        )
      )[0]!.count;
    let before: number;
    const channels = ['while_connecting_a', 'while_connecting_b', 'once_live', 'once_live'] as const;
    const heard = channels.map(() => recorder());

    beforeAll(async () => {
      before = await listeningBackends();
      other = await openDatabase({ url: testDatabase.url! });
    });
    afterAll(() => other?.close());

    it('listens on one connection for every channel, given while it connects or once it listens', async () => {
      // The first channel opens the connection; the second comes while it is being made.
      other.listen(channels[0], heard[0]!.listener);
      other.listen(channels[1], heard[1]!.listener);
      await vi.waitFor(() => expect(heard[0]!.listening() && heard[1]!.listening()).toBe(true), soon);
      // Two listeners of a new channel, the second given before the first's LISTEN is answered:
      // each hears a notification sent as soon as it is told it listens.
      for (const index of [2, 3]) {
        const { listener } = heard[index]!;
        other.listen(channels[index]!, {
          message: listener.message,
          listening: (on) => {
            listener.listening(on);
            if (on) void notify(channels[index]!, `sent to ${index}`);
          },
        });
      }
      // Sent on two connections of the pool: either may arrive first.
      await vi.waitFor(() => expect(heard[3]!.heard.toSorted()).toEqual(['sent to 2', 'sent to 3']), soon);
      expect(heard[2]!.heard.toSorted()).toEqual(['sent to 2', 'sent to 3']);

      await notify(channels[0], 'a');
      await notify(channels[1], 'b');
      await vi.waitFor(() => expect([heard[0]!.heard, heard[1]!.heard]).toEqual([['a'], ['b']]), soon);
      expect(await listeningBackends()).toBe(before + 1);
    });

    it('tells every listener when its connection is lost, and listens again on a new one', async () => {
      await db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      await vi.waitFor(() => expect(heard.every(({ states }) => states.includes(false))).toBe(true), soon);
      await vi.waitFor(() => expect(heard.every(({ listening }) => listening())).toBe(true), { timeout: 10_000, interval: 100 });

      await notify(channels[1], 'after');
      await vi.waitFor(() => expect(heard[1]!.heard).toEqual(['b', 'after']), soon);
    });
  });
}
