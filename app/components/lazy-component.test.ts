import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { hydratedWhenLoaded, lazyComponent } from './lazy-component';

const Loaded = () => null;

describe('lazyComponent', () => {
  it('downloads its module once, however often it is preloaded', async () => {
    const load = vi.fn(async () => Loaded);
    const component = lazyComponent(load);
    expect(load).not.toHaveBeenCalled();
    const first = component.preload();
    const second = component.preload();
    expect(second).toBe(first);
    await expect(first).resolves.toEqual({ default: Loaded });
    await component.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again at the next use after a failed download', async () => {
    const load = vi.fn<() => Promise<typeof Loaded>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Loaded);
    const component = lazyComponent(load);
    await expect(component.preload()).rejects.toThrow('Failed to fetch');
    await expect(component.preload()).resolves.toEqual({ default: Loaded });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('hydratedWhenLoaded', () => {
  const Figures = ({ count }: { count: number }) => createElement('p', null, `${count} students`);

  it('loads its module at once on the server, and then renders it whole, without a Suspense boundary of its own, never its fallback', async () => {
    const load = vi.fn(async () => Figures);
    const Body = hydratedWhenLoaded(load, createElement('p', null, 'Loading figures…'));
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(renderToString(createElement(Body, { count: 3 }))).toBe('<p>3 students</p>'));
    renderToString(createElement(Body, { count: 4 }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again at the next render after a failed download', async () => {
    const load = vi.fn<() => Promise<typeof Figures>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Figures);
    const Body = hydratedWhenLoaded(load);
    await vi.waitFor(() => expect(renderToString(createElement(Body, { count: 3 }))).toBe('<p>3 students</p>'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
