import type { EChartsOption } from 'echarts';
import type { ECharts } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { cx } from './cx';
import { chartTheme, watchTheme } from './echart-theme';
import { Spinner } from './Spinner';

export interface EChartProps {
  option: EChartsOption;
  /** Accessible description of what the chart shows. */
  ariaLabel: string;
  height?: number | string;
  className?: string;
}

/**
 * An ECharts chart. The modular ECharts build (echarts-modular.ts) is imported on first use (inside
 * an effect), so pages without charts — the login route above all — never download it.
 */
export function EChart({ option, ariaLabel, height = 300, className }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    let unwatchTheme: (() => void) | undefined;
    import('./echarts-modular')
      .then(({ init }) => {
        if (disposed || !container.current) return;
        // SVG keeps the chart text in the DOM, where its colours can be checked (and scaled crisply).
        chart.current = init(container.current, chartTheme(), { renderer: 'svg' });
        unwatchTheme = watchTheme(() => chart.current?.setTheme(chartTheme()));
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(container.current);
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      observer?.disconnect();
      unwatchTheme?.();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  return (
    <div className={cx('echart', className)} style={{ height }} role="img" aria-label={ariaLabel}>
      <div ref={container} className="echart__canvas" />
      {!ready && !failed && <Spinner className="echart__loading" />}
      {failed && <p className="echart__error">Não foi possível carregar o gráfico.</p>}
    </div>
  );
}
