import { createStore } from 'jotai';

/**
 * The one Jotai store of the app. Code outside React (the API client's session callbacks, the
 * socket) reads and writes atoms through it; components get it from the <Provider> in App.tsx.
 */
export const appStore = createStore();
