/** Route handles name their menu item, so the shell can highlight it (SPEC §2). */
export type MenuItem = 'home' | 'register' | 'howto' | 'contact' | 'profile' | 'statement' | 'bonus';

export interface RouteHandle {
  menu?: MenuItem;
}
