import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRefreshQueue,
  createRefreshQueueRegistry,
  getRefreshQueue,
  TokenRefreshError,
  type RefreshFn,
  type Tokens,
} from './refresh-queue.server';

const OLD_REFRESH = 'refresh-old';
const NEW_TOKENS: Tokens = { accessToken: 'access-new', refreshToken: 'refresh-new' };

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function resolvingAfterATick(tokens: Tokens = NEW_TOKENS) {
  return vi.fn<RefreshFn>(async () => {
    await tick();
    return tokens;
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createRefreshQueue', () => {
  it('makes one refresh call for 10 concurrent callers and gives all of them the new tokens', async () => {
    const refreshFn = resolvingAfterATick();
    const queue = createRefreshQueue(refreshFn);
    const results = await Promise.all(Array.from({ length: 10 }, () => queue.refresh(OLD_REFRESH)));
    expect(refreshFn).toHaveBeenCalledTimes(1);
    expect(refreshFn).toHaveBeenCalledWith(OLD_REFRESH, { signal: expect.any(AbortSignal) });
    expect(results).toEqual(Array.from({ length: 10 }, () => NEW_TOKENS));
    expect(queue.busy).toBe(false);
  });

  it('fails every waiter with "Token refresh timeout" after 10 s and aborts the call', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const refreshFn = vi.fn<RefreshFn>((_, options) => {
      signal = options.signal;
      return new Promise<Tokens>(() => {});
    });
    const queue = createRefreshQueue(refreshFn);
    const waiters = Array.from({ length: 3 }, () => queue.refresh(OLD_REFRESH).catch((error: unknown) => error));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(queue.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    const errors = await Promise.all(waiters);
    for (const error of errors) {
      expect(error).toBeInstanceOf(TokenRefreshError);
      expect((error as Error).message).toBe('Token refresh timeout');
    }
    expect(refreshFn).toHaveBeenCalledTimes(1);
    expect(signal?.aborted).toBe(true);
  });

  it('takes a shorter timeout from its options', async () => {
    const queue = createRefreshQueue(() => new Promise<Tokens>(() => {}), { timeoutMs: 5 });
    await expect(queue.refresh(OLD_REFRESH)).rejects.toThrow('Token refresh timeout');
  });

  it('rejects every waiter when the refresh fails', async () => {
    const refreshFn = vi.fn<RefreshFn>(async () => {
      await tick();
      throw new Error('Refresh token revoked');
    });
    const queue = createRefreshQueue(refreshFn);
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => queue.refresh(OLD_REFRESH)));
    expect(refreshFn).toHaveBeenCalledTimes(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as TokenRefreshError;
      expect(reason).toBeInstanceOf(TokenRefreshError);
      expect(reason.message).toBe('Refresh token revoked');
      expect(reason.cause).toBeInstanceOf(Error);
    }
  });

  it('rejects at once with "No refresh token available" when the caller has none', async () => {
    const refreshFn = resolvingAfterATick();
    const queue = createRefreshQueue(refreshFn);
    await expect(queue.refresh(null)).rejects.toThrow('No refresh token available');
    await expect(queue.refresh('')).rejects.toThrow('No refresh token available');
    expect(refreshFn).not.toHaveBeenCalled();
  });

  it('calls refreshFn again for a refresh after a completed one', async () => {
    const second: Tokens = { accessToken: 'access-3', refreshToken: 'refresh-3' };
    const refreshFn = vi
      .fn<RefreshFn>()
      .mockImplementationOnce(async () => NEW_TOKENS)
      .mockImplementationOnce(async () => second);
    const queue = createRefreshQueue(refreshFn);
    await expect(queue.refresh(OLD_REFRESH)).resolves.toEqual(NEW_TOKENS);
    await expect(queue.refresh(NEW_TOKENS.refreshToken)).resolves.toEqual(second);
    expect(refreshFn.mock.calls.map(([token]) => token)).toEqual([OLD_REFRESH, NEW_TOKENS.refreshToken]);
  });

  it('answers a loader that arrives late with the already rotated token without reusing it', async () => {
    const refreshFn = resolvingAfterATick();
    const queue = createRefreshQueue(refreshFn);
    await queue.refresh(OLD_REFRESH);
    await expect(queue.refresh(OLD_REFRESH)).resolves.toEqual(NEW_TOKENS);
    expect(refreshFn).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure', async () => {
    const refreshFn = vi.fn<RefreshFn>().mockRejectedValueOnce(new Error('API unavailable')).mockResolvedValueOnce(NEW_TOKENS);
    const queue = createRefreshQueue(refreshFn);
    await expect(queue.refresh(OLD_REFRESH)).rejects.toThrow('API unavailable');
    await expect(queue.refresh(OLD_REFRESH)).resolves.toEqual(NEW_TOKENS);
    expect(refreshFn).toHaveBeenCalledTimes(2);
  });

  it('rejects calls once stopped', async () => {
    const queue = createRefreshQueue(resolvingAfterATick());
    queue.stop();
    await expect(queue.refresh(OLD_REFRESH)).rejects.toBeInstanceOf(TokenRefreshError);
  });
});

describe('refresh queues per session', () => {
  it('shares one queue, and so one refresh, per session key', async () => {
    const registry = createRefreshQueueRegistry();
    const refreshFn = resolvingAfterATick();
    const first = registry.get('session-a', refreshFn);
    expect(registry.get('session-a', refreshFn)).toBe(first);
    expect(registry.get('session-b', refreshFn)).not.toBe(first);
    await Promise.all([
      registry.get('session-a', refreshFn).refresh(OLD_REFRESH),
      registry.get('session-a', refreshFn).refresh(OLD_REFRESH),
      registry.get('session-b', refreshFn).refresh(OLD_REFRESH),
    ]);
    expect(refreshFn).toHaveBeenCalledTimes(2);
  });

  it('drops queues idle for 60 s, but never one with waiting callers', async () => {
    let now = 0;
    const registry = createRefreshQueueRegistry({ now: () => now });
    let finish: (tokens: Tokens) => void = () => {};
    const slow = registry.get('slow', () => new Promise<Tokens>((resolve) => (finish = resolve)));
    const pending = slow.refresh(OLD_REFRESH);
    registry.get('idle', resolvingAfterATick());
    now = 59_999;
    registry.get('other', resolvingAfterATick());
    expect(registry.size).toBe(3);
    now = 60_000;
    registry.get('other', resolvingAfterATick());
    expect(registry.size).toBe(2);
    expect(registry.get('slow', resolvingAfterATick())).toBe(slow);
    finish(NEW_TOKENS);
    await expect(pending).resolves.toEqual(NEW_TOKENS);
  });

  it('keeps at most maxIdleQueues idle queues, dropping the least recently used', () => {
    const registry = createRefreshQueueRegistry({ maxIdleQueues: 3 });
    const refreshFn = resolvingAfterATick();
    const first = registry.get('1', refreshFn);
    const second = registry.get('2', refreshFn);
    registry.get('3', refreshFn);
    expect(registry.get('1', refreshFn)).toBe(first);
    registry.get('4', refreshFn);
    expect(registry.size).toBe(3);
    expect(registry.get('1', refreshFn)).toBe(first);
    expect(registry.get('2', refreshFn)).not.toBe(second);
    expect(registry.size).toBe(3);
  });

  it('getRefreshQueue keeps one queue per session key', () => {
    const refreshFn = resolvingAfterATick();
    expect(getRefreshQueue('shared-a', refreshFn)).toBe(getRefreshQueue('shared-a', refreshFn));
    expect(getRefreshQueue('shared-b', refreshFn)).not.toBe(getRefreshQueue('shared-a', refreshFn));
  });
});
