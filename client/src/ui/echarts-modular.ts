/**
 * The parts of ECharts the app draws with, registered on the modular core: the lazy chart chunk
 * carries these and nothing else (the whole library is several times larger). A chart type or
 * component not listed here renders nothing: add it here first.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export const { init } = echarts;
