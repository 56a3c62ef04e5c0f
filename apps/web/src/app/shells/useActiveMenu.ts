import { useMatches } from 'react-router';
import type { MenuItem, RouteHandle } from '../menu';

/** The menu item the deepest matched route announces. */
export function useActiveMenu(): MenuItem | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const menu = (matches[index]?.handle as RouteHandle | undefined)?.menu;
    if (menu) return menu;
  }
  return undefined;
}
