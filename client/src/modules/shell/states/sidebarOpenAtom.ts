import { atom } from 'jotai';
import { MOBILE_QUERY } from '@/ui/useMediaQuery';

/** Sidebar expanded? Collapsed by default at 768 px or less (docs/interface.md#layout Layout). */
export const sidebarOpenAtom = atom(!window.matchMedia(MOBILE_QUERY).matches);
