import { call } from '../../api/client';

/**
 * The local icon cache by product id (section 3: "a local icon cache by id"). Icons are fetched once
 * per product and icon file with the `productIcon` call and kept as object URLs for the session;
 * concurrent requests for the same icon share one call. Replacing a product's icon changes its file
 * name, which misses the cache and fetches the new one.
 */
export interface IconCache {
  /** An object URL of the product's icon, or null when it has none. */
  get(productId: number, fileName: string | null): Promise<string | null>;
  /** Forgets every icon (sign-out). */
  clear(): void;
}

/** Fetches an icon as bytes and a type, or null when the product has none. */
export type IconFetcher = (productId: number) => Promise<{ fileName: string; mime: string; data: string } | null>;

const fetchIcon: IconFetcher = async (productId) => (await call('productIcon', { productId })) ?? null;

function toBlob(base64: string, mime: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: mime });
}

/** Makes an icon cache over a fetcher (tests pass their own). */
export function createIconCache(
  fetcher: IconFetcher = fetchIcon,
  toUrl: (blob: Blob) => string = (blob) => URL.createObjectURL(blob),
): IconCache {
  const entries = new Map<string, Promise<string | null>>();
  return {
    get(productId, fileName) {
      if (!fileName) return Promise.resolve(null);
      const key = `${productId}:${fileName}`;
      let entry = entries.get(key);
      if (!entry) {
        entry = fetcher(productId).then((icon) => (icon ? toUrl(toBlob(icon.data, icon.mime)) : null));
        entry.catch(() => entries.delete(key));
        entries.set(key, entry);
      }
      return entry;
    },
    clear() {
      for (const entry of entries.values()) {
        void entry.then((url) => url && URL.revokeObjectURL?.(url)).catch(() => undefined);
      }
      entries.clear();
    },
  };
}

/** The app's icon cache. */
export const iconCache = createIconCache();
