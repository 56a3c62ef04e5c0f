import type { ComponentType } from 'react';
import { createBrowserRouter, redirect } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { setApiNavigator } from '../shared/api/client';
import { loadAllTexts } from '../shared/i18n';
import { loginLoader, publicShellLoader, requireTokenLoader } from './guards';
import { EveryScreen } from './providers';
import type { RouteHandle } from './menu';
import { PublicShell } from './shells/PublicShell';

const handle = (menu: RouteHandle['menu']): RouteHandle => ({ menu });

/**
 * Screens beyond the first one load when first visited, so a phone downloads only what it shows;
 * the member shell too, so /login carries nothing of the signed-in app. Each waits for
 * the rest of the language's texts (/login has only the sections it shows).
 */
const lazyPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => async () => {
  const [{ withQueries }, screen] = await Promise.all([import('./query'), load(), loadAllTexts()]);
  return { Component: withQueries(screen[name]) };
};
/** The error screens read no server state. */
const lazyPlainPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => async () => {
  const [screen] = await Promise.all([load(), loadAllTexts()]);
  return { Component: screen[name] };
};

/** SPEC §2 routes, history mode, base /, under what every screen has. */
export const routes = [
  {
    element: <EveryScreen />,
    children: [
      {
        path: '/',
        element: <PublicShell />,
        loader: publicShellLoader,
        children: [
          { index: true, loader: () => redirect('/user') },
          { path: 'login', element: <LoginPage />, loader: loginLoader, handle: handle('home') },
          { path: 'forgot-password', lazy: lazyPage(() => import('../features/forgot-password/ForgotPasswordPage'), 'ForgotPasswordPage'), handle: handle('home') },
          { path: 'register', lazy: lazyPage(() => import('../features/register/RegisterPage'), 'RegisterPage'), handle: handle('register') },
          { path: 'howto', lazy: lazyPage(() => import('../features/howto/HowtoPage'), 'HowtoPage'), handle: handle('howto') },
          { path: 'contact', lazy: lazyPage(() => import('./contact'), 'PublicContact'), handle: handle('contact') },
        ],
      },
      {
        path: '/user',
        lazy: lazyPage(() => import('./shells/MemberShell'), 'MemberShell'),
        loader: requireTokenLoader,
        children: [
          { index: true, loader: () => redirect('/user/home') },
          { path: 'home', lazy: lazyPage(() => import('../features/home/HomePage'), 'HomePage'), handle: handle('home') },
          { path: 'profile', lazy: lazyPage(() => import('../features/profile/ProfilePage'), 'ProfilePage'), handle: handle('profile') },
          { path: 'figures', lazy: lazyPage(() => import('../features/figures/FiguresPage'), 'FiguresPage'), handle: handle('profile') },
          { path: 'protection', lazy: lazyPage(() => import('../features/protection/ProtectionPage'), 'ProtectionPage'), handle: handle('profile') },
          { path: 'bonus', lazy: lazyPage(() => import('../features/bonus/BonusPage'), 'BonusPage'), handle: handle('bonus') },
          { path: 'statement', lazy: lazyPage(() => import('../features/statement/StatementPage'), 'StatementPage'), handle: handle('statement') },
          { path: 'contact', lazy: lazyPage(() => import('./contact'), 'MemberContact'), handle: handle('contact') },
          // /howto is in the public shell, which signs a member out (SPEC §2); signed in,
          // the same videos are here, reached from the member's contact screen.
          { path: 'howto', lazy: lazyPage(() => import('../features/howto/HowtoPage'), 'HowtoPage'), handle: handle('contact') },
        ],
      },
      { path: '/terminated', lazy: lazyPlainPage(() => import('../features/errors/TerminatedPage'), 'TerminatedPage') },
      { path: '*', lazy: lazyPlainPage(() => import('../features/errors/NotFoundPage'), 'NotFoundPage') },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setApiNavigator((path) => void router.navigate(path));
  return router;
}
