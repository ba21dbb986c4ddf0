import { useEffect, useState } from 'react';
import { type PlanImage, preparePlanImage } from './plan-image';

/** The floor-plan picture, decoded and tiled; `null` while it loads, when it fails, or without a URL. */
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
  return loaded && loaded.url === url ? loaded.image : null;
}
