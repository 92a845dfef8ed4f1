import { atom } from 'jotai';
import { MOBILE_QUERY } from '@/ui/useMediaQuery';

/** Sidebar expanded? Collapsed by default at 768 px or less (spec 1 §2 Layout). */
export const sidebarOpenAtom = atom(!window.matchMedia(MOBILE_QUERY).matches);
