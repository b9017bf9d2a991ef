import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber to a channel hears. */
export interface ChannelListener {
  /** A notification's payload, once the transaction that sent it has committed. */
  message(payload: string): void;
  /**
   * Whether notifications are being received. Between a `false` and the next `true` some may
   * have been missed: whatever was kept on their promise is stale.
   */
  listening(on: boolean): void;
}

export interface Subscription {
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/** LISTEN on a connection, asked for once per channel: later askers wait on the same answer. */
function listenOn(client: pg.Client, listened: Map<string, Promise<unknown>>, channel: string): Promise<unknown> {
  let done = listened.get(channel);
  if (!done) {
    done = client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    listened.set(channel, done);
  }
  return done;
}

/** One listening connection for every channel of a process. */
export interface ServerListener extends Subscription {
  listen(channel: string, listener: ChannelListener): void;
}

/**
 * Listens on one connection of its own, outside the pool (a listening connection must stay open),
 * for every channel it is given, and listens again on a new one after it is lost: a server
 * restart, pg_terminate_backend.
 */
export function listenOnServer(url: string): ServerListener {
  const listeners = new Map<string, ChannelListener[]>();
  let closed = false;
  let current: pg.Client | null = null;
  /** The LISTEN of each channel on the current connection, once asked for. */
  let listened = new Map<string, Promise<unknown>>();
  let live = false;
  let retry: NodeJS.Timeout | undefined;

  const everyone = () => [...listeners.values()].flat();

  const connect = () => {
    const client = new pg.Client({ connectionString: url });
    const own = new Map<string, Promise<unknown>>();
    current = client;
    listened = own;
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      live = false;
      for (const listener of everyone()) listener.listening(false);
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(connect, RECONNECT_MS);
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (notification) => {
      for (const listener of listeners.get(notification.channel) ?? []) listener.message(notification.payload ?? '');
    });
    // Channels given while the connection was being made are listened to as well; the last look
    // for one and going live happen in one step, so none given in between is missed.
    const listenToAll = async (): Promise<void> => {
      const missing = [...listeners.keys()].filter((channel) => !own.has(channel));
      if (missing.length > 0) {
        await Promise.all(missing.map((channel) => listenOn(client, own, channel)));
        return listenToAll();
      }
      if (lost) return;
      live = true;
      for (const listener of everyone()) listener.listening(true);
    };
    client.connect().then(listenToAll).catch(lose);
  };

  return {
    listen(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      if (!current) return connect();
      // Heard only once the connection listens on the channel too.
      if (live)
        listenOn(current, listened, channel).then(
          () => listener.listening(true),
          () => {},
        );
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
    },
  };
}

/** PGlite is one connection in this process: it is never lost, and hears its own notifications. */
export function listenEmbedded(client: PGlite, channel: string, listener: ChannelListener): Subscription {
  const unlisten = client.listen(channel, listener.message).then((off) => {
    listener.listening(true);
    return off;
  });
  return {
    async close() {
      listener.listening(false);
      const off = await unlisten.catch(() => null);
      await off?.().catch(() => {});
    },
  };
}
