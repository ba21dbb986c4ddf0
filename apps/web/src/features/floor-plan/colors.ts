/** Colours of the map: node status (section 4), selection, handles. */
export const PlanColors = {
  offline: '#8c8c8c',
  fault: '#f5222d',
  secondFault: '#fa8c16',
  normal: '#52c41a',
  selection: '#1677ff',
  zoneStroke: '#595959',
  zoneFill: '#91caff',
  name: '#262626',
  canvas: '#f5f5f5',
  image: '#ffffff',
  imageBorder: '#bfbfbf',
} as const;

/** Icon colour of a node status (section 4): 0 offline/unknown, 1 fault, 2 second fault state, else normal. */
export function statusColor(status: number | null | undefined): string {
  switch (status) {
    case 0:
    case null:
    case undefined:
      return PlanColors.offline;
    case 1:
      return PlanColors.fault;
    case 2:
      return PlanColors.secondFault;
    default:
      return PlanColors.normal;
  }
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A zone fill that lets the floor plan show through: `#rgb` and `#rrggbb` get `alpha`; colours that
 * carry their own alpha (or any other CSS colour) are kept; none gives the default zone fill.
 */
export function zoneFill(color: string | null | undefined, alpha = 0.35): string {
  const value = color?.trim() || PlanColors.zoneFill;
  const match = HEX.exec(value);
  if (!match) return value;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
