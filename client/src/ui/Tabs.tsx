import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import { cx } from './cx';

type WithClass<P> = Omit<P, 'className'> & { className?: string };

/** Tabs (arrow keys move between tabs; panels are linked for screen readers). */
export function Tabs({ className, ...props }: WithClass<TabsProps>) {
  return <AriaTabs {...props} className={cx('tabs', className)} />;
}

export function TabList<T extends object>({ className, ...props }: WithClass<TabListProps<T>>) {
  return <AriaTabList {...props} className={cx('tabs__list', className)} />;
}

export function Tab({ className, ...props }: WithClass<TabProps>) {
  return <AriaTab {...props} className={cx('tabs__tab', className)} />;
}

export function TabPanel({ className, ...props }: WithClass<TabPanelProps>) {
  return <AriaTabPanel {...props} className={cx('tabs__panel', className)} />;
}
