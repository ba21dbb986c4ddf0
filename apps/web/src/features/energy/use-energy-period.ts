import type { EnergySpan } from '@lightwell/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_SPAN, isEnergySpan } from './spans';

/** The period of a statistics page, kept in the address so a link opens the same figures. */
export interface EnergyPeriodChoice {
  span: EnergySpan;
  /** End of the period (epoch seconds), or undefined for "now". */
  until: number | undefined;
  /** Zone filter of the device maps, or undefined for all zones. */
  zid: number | undefined;
  setSpan: (span: EnergySpan) => void;
  setZid: (zid: number | undefined) => void;
}

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** Reads `span`, `until` and `zid` from the address (`?span=30d&until=…&zid=…`) and changes them there. */
export function useEnergyPeriod(): EnergyPeriodChoice {
  const [params, setParams] = useSearchParams();
  const raw = params.get('span');
  const change = useCallback(
    (key: string, value: string | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === undefined) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    span: isEnergySpan(raw) ? raw : DEFAULT_SPAN,
    until: positive(params.get('until')),
    zid: positive(params.get('zid')),
    setSpan: useCallback((span: EnergySpan) => change('span', span), [change]),
    setZid: useCallback(
      (zid: number | undefined) => change('zid', zid === undefined ? undefined : String(zid)),
      [change],
    ),
  };
}
