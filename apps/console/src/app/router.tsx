import { createBrowserRouter, redirect } from 'react-router';
import { readToken } from '../shared/api/client';
import { CorrectionsPage } from '../features/corrections/CorrectionsPage';
import { LoginPage } from '../features/login/LoginPage';
import { MemberPage } from '../features/members/MemberPage';
import { MembersPage } from '../features/members/MembersPage';
import { OperatorsPage } from '../features/operators/OperatorsPage';
import { QueuesPage } from '../features/queues/QueuesPage';
import { Shell } from './Shell';

const signedIn = () => (readToken() ? null : redirect('/login'));

/** The console's pages under /admin; every one but login needs an operator session. */
export function createConsoleRouter() {
  return createBrowserRouter(
    [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/',
        element: <Shell />,
        loader: signedIn,
        children: [
          { index: true, element: <QueuesPage /> },
          { path: 'members', element: <MembersPage /> },
          { path: 'members/:id', element: <MemberPage /> },
          { path: 'corrections', element: <CorrectionsPage /> },
          { path: 'operators', element: <OperatorsPage /> },
        ],
      },
    ],
    { basename: '/admin' },
  );
}
