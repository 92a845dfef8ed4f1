import { atom } from 'jotai';
import { MOBILE_QUERY } from '@/ui/useMediaQuery';

/** Sidebar expanded? Collapsed by default at 768 px or less (docs/interface.md#layout Layout). */
export const sidebarOpenAtom = atom(!window.matchMedia(MOBILE_QUERY).matches);

// Crossing the breakpoint (a window resized, a tablet rotated) brings back that width's default:
// a menu left open from the wide layout would otherwise cover the page as an open drawer.
sidebarOpenAtom.onMount = (setOpen) => {
  const mobile = window.matchMedia(MOBILE_QUERY);
  const onChange = () => setOpen(!mobile.matches);
  mobile.addEventListener('change', onChange);
  return () => mobile.removeEventListener('change', onChange);
};
