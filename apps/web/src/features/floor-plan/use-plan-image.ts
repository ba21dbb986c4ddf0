import { useEffect, useState } from 'react';
import { type PlanImage, preparePlanImage } from './plan-image';

/**
 * Which picture an address shows: its `fileName` (download links of one file differ only in their
 * signature and expiry), else the address itself.
 */
export function pictureOf(url: string): string {
  return new URL(url, window.location.href).searchParams.get('fileName') ?? url;
}

/**
 * The floor-plan picture, decoded and tiled; `null` while it loads, when it fails, or without a URL. A new
 * link of the picture already shown (a download link replaced before it expires) keeps it on screen while
 * it loads, so the plan does not blink.
 */
export function usePlanImage(url: string | null | undefined): PlanImage | null {
  const [loaded, setLoaded] = useState<{ url: string; image: PlanImage } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    const image = new window.Image();
    image.src = url;
    image
      .decode()
      .then(() => preparePlanImage(image))
      .then((prepared) => {
        if (current) setLoaded({ url, image: prepared });
      })
      .catch(() => {
        if (current) setLoaded(null);
      });
    return () => {
      current = false;
    };
  }, [url]);
  if (!url || !loaded) return null;
  return loaded.url === url || pictureOf(loaded.url) === pictureOf(url) ? loaded.image : null;
}
