import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { routeTitle } from './route-titles';

/** Keeps the tab title in step with the route ('Processos — SEMGI'). */
export function DocumentTitle() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = routeTitle(location);
  }, [location]);
  return null;
}
