import type { EChartsCoreOption } from 'echarts/core';
import { type CSSProperties, useEffect, useRef } from 'react';
import { echarts } from './echarts';

/** Props of {@link EChart}. */
export interface EChartProps {
  option: EChartsCoreOption;
  /** Drawing size in CSS pixels; the width follows the box when left out. */
  width?: number;
  height: number;
  /** Describes the chart for assistive technology (the canvas itself says nothing). */
  label: string;
  testId?: string;
  style?: CSSProperties;
}

/**
 * One ECharts instance on a canvas, drawn with `option` (replaced, not merged, when it changes) and
 * disposed on unmount. `echarts.getInstanceByDom` on the element reads what it was told to draw.
 */
export function EChart({ option, width, height, label, testId, style }: EChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ReturnType<typeof echarts.init> | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const chart = echarts.init(host, null, { width: width ?? (host.clientWidth || 600), height });
    chartRef.current = chart;
    chart.setOption(optionRef.current);
    const observer = new ResizeObserver(() => {
      if (width === undefined && host.clientWidth > 0) chart.resize({ width: host.clientWidth, height });
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
      // A long drawing goes on over several animation frames, and zrender's dispose does not stop it:
      // an empty redraw first makes the pending frames stand down.
      chart.clear();
      chart.getZr().refreshImmediately();
      chart.dispose();
      chartRef.current = null;
    };
  }, [width, height]);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={hostRef}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: width ?? '100%', height, ...style }}
    />
  );
}
