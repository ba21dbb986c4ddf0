import {
  AlertOutlined,
  AppstoreOutlined,
  BulbOutlined,
  ControlOutlined,
  EyeOutlined,
  SunOutlined,
} from '@ant-design/icons';
import type { DeviceKind } from '@lightwell/domain';
import { type ComponentType, useEffect, useState } from 'react';
import { type IconCache, iconCache } from './icon-cache';

/** The icon shown for a kind when its product has no icon of its own. */
const KIND_ICONS: Record<DeviceKind, ComponentType<{ style?: React.CSSProperties }>> = {
  luminaire: BulbOutlined,
  motionSensor: EyeOutlined,
  lightSensor: SunOutlined,
  pushButton: ControlOutlined,
  emergency: AlertOutlined,
  panel: AppstoreOutlined,
};

/** Props of {@link ProductIcon}. */
export interface ProductIconProps {
  productId: number | null;
  /** The product's icon file name; a change fetches the new icon. */
  icon: string | null;
  kind: DeviceKind;
  /** Accessible name. */
  label: string;
  cache?: IconCache;
}

/** A product's 32×32 icon from the local icon cache by id, or its kind's default icon. */
export function ProductIcon({ productId, icon, kind, label, cache = iconCache }: ProductIconProps) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    setUrl(null);
    if (productId !== null && icon) {
      cache
        .get(productId, icon)
        .then((value) => active && setUrl(value))
        .catch(() => active && setUrl(null));
    }
    return () => {
      active = false;
    };
  }, [cache, productId, icon]);
  if (url) return <img src={url} alt={label} width={32} height={32} data-testid="product-icon" />;
  const Fallback = KIND_ICONS[kind];
  return (
    <span role="img" aria-label={label} data-testid="product-icon-default">
      <Fallback style={{ fontSize: 24 }} />
    </span>
  );
}
