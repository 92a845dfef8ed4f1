/**
 * ECharts' built-in colours assume a white page: in the dark theme its grey legend and axis text
 * fell below WCAG AA on the navy cards. The chart text takes the app's tokens (styles/theme.css)
 * instead, read when the chart starts and again whenever `data-theme` changes.
 */
export function chartTheme(root: HTMLElement = document.documentElement): object {
  const style = getComputedStyle(root);
  const text = style.getPropertyValue('--color-text').trim();
  const muted = style.getPropertyValue('--color-text-muted').trim();
  const border = style.getPropertyValue('--color-border').trim();
  const axis = {
    axisLabel: { color: muted },
    axisLine: { lineStyle: { color: border } },
    axisTick: { lineStyle: { color: border } },
    splitLine: { lineStyle: { color: border } },
    nameTextStyle: { color: muted },
  };
  return {
    textStyle: { color: text },
    legend: { textStyle: { color: text }, pageTextStyle: { color: text } },
    // Value labels drawn beside the bars or points, on the card itself.
    bar: { label: { color: text } },
    line: { label: { color: text } },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
    logAxis: axis,
  };
}

/** Calls `onChange` whenever the app switches between light and dark; returns the unsubscribe. */
export function watchTheme(onChange: () => void, root: HTMLElement = document.documentElement): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
