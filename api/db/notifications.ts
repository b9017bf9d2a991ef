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

/**
 * Listens on a connection of its own, outside the pool (a listening connection must stay open),
 * and listens again on a new one after it is lost: a server restart, pg_terminate_backend.
 */
export function listenOnServer(url: string, channel: string, listener: ChannelListener): Subscription {
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = () => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      listener.listening(false);
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(connect, RECONNECT_MS);
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (notification) => {
      if (notification.channel === channel) listener.message(notification.payload ?? '');
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${client.escapeIdentifier(channel)}`))
      .then(() => {
        if (!lost) listener.listening(true);
      }, lose);
  };
  connect();

  return {
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
