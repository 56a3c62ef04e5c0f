import { createBrowserRouter, redirect } from 'react-router';
import { AdminPage } from '../features/admin/AdminPage';
import { LoginPage } from '../features/auth/LoginPage';
import { BonusPage } from '../features/bonus/BonusPage';
import { ContactPage } from '../features/contact/ContactPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { TerminatedPage } from '../features/errors/TerminatedPage';
import { HomePage } from '../features/home/HomePage';
import { HowtoPage } from '../features/howto/HowtoPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { RegisterPage } from '../features/register/RegisterPage';
import { StatementPage } from '../features/statement/StatementPage';
import { setApiNavigator } from '../shared/api/client';
import { loginLoader, publicShellLoader, requireTokenLoader } from './guards';
import type { RouteHandle } from './menu';
import { MemberShell } from './shells/MemberShell';
import { PublicShell } from './shells/PublicShell';

const handle = (menu: RouteHandle['menu']): RouteHandle => ({ menu });

/** SPEC §2 routes, history mode, base /. */
export const routes = [
  {
    path: '/',
    element: <PublicShell />,
    loader: publicShellLoader,
    children: [
      { index: true, loader: () => redirect('/user') },
      { path: 'login', element: <LoginPage />, loader: loginLoader, handle: handle('home') },
      { path: 'register', element: <RegisterPage />, handle: handle('register') },
      { path: 'howto', element: <HowtoPage />, handle: handle('howto') },
      { path: 'contact', element: <ContactPage />, handle: handle('contact') },
    ],
  },
  {
    path: '/user',
    element: <MemberShell />,
    loader: requireTokenLoader,
    children: [
      { index: true, loader: () => redirect('/user/home') },
      { path: 'home', element: <HomePage />, handle: handle('home') },
      { path: 'profile', element: <ProfilePage />, handle: handle('profile') },
      { path: 'bonus', element: <BonusPage />, handle: handle('bonus') },
      { path: 'statement', element: <StatementPage />, handle: handle('statement') },
      { path: 'contact', element: <ContactPage />, handle: handle('contact') },
    ],
  },
  { path: '/terminated', element: <TerminatedPage /> },
  { path: '/admin', element: <AdminPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setApiNavigator((path) => void router.navigate(path));
  return router;
}
