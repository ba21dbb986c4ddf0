import { describe, expect, it } from 'vitest';
import { createIconCache, type IconFetcher } from './icon-cache';

describe('icon cache by product id', () => {
  const png = btoa('\x89PNG fake');

  function counting(answer: Awaited<ReturnType<IconFetcher>>) {
    const calls: number[] = [];
    const fetcher: IconFetcher = async (productId) => {
      calls.push(productId);
      return answer;
    };
    let made = 0;
    const cache = createIconCache(fetcher, () => {
      made += 1;
      return `blob:icon-${made}`;
    });
    return { cache, calls, made: () => made };
  }

  it('fetches an icon once per product and file, sharing concurrent requests', async () => {
    const { cache, calls } = counting({ fileName: 'icon-a.png', mime: 'image/png', data: png });
    const [a, b] = await Promise.all([cache.get(4, 'icon-a.png'), cache.get(4, 'icon-a.png')]);
    expect(a).toBe('blob:icon-1');
    expect(b).toBe('blob:icon-1');
    expect(await cache.get(4, 'icon-a.png')).toBe('blob:icon-1');
    expect(calls).toEqual([4]);
  });

  it('fetches again when the product has a new icon file, and after clear', async () => {
    const { cache, calls } = counting({ fileName: 'icon-b.png', mime: 'image/png', data: png });
    await cache.get(5, 'icon-a.png');
    expect(await cache.get(5, 'icon-b.png')).toBe('blob:icon-2');
    cache.clear();
    await cache.get(5, 'icon-b.png');
    expect(calls).toEqual([5, 5, 5]);
  });

  it('answers null without an icon file name or when the product has none, without an object URL', async () => {
    const { cache, calls, made } = counting(null);
    expect(await cache.get(6, null)).toBeNull();
    expect(calls).toEqual([]);
    expect(await cache.get(6, 'icon-gone.png')).toBeNull();
    expect(made()).toBe(0);
  });

  it('forgets a failed fetch so the next request tries again', async () => {
    let fail = true;
    const cache = createIconCache(
      async () => {
        if (fail) throw new Error('offline');
        return { fileName: 'icon-c.png', mime: 'image/png', data: png };
      },
      () => 'blob:ok',
    );
    await expect(cache.get(7, 'icon-c.png')).rejects.toThrow('offline');
    fail = false;
    expect(await cache.get(7, 'icon-c.png')).toBe('blob:ok');
  });
});
