import { type RouteObject, createBrowserRouter, redirect } from 'react-router';
import { readToken } from '../shared/api/client';
import { AccountPage } from '../features/account/AccountPage';
import { AuditPage } from '../features/audit/AuditPage';
import { BankCreditsPage } from '../features/bank-credits/BankCreditsPage';
import { BooksPage } from '../features/books/BooksPage';
import { ApprovalsPage } from '../features/approvals/ApprovalsPage';
import { CorrectionsPage } from '../features/corrections/CorrectionsPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { InboxPage } from '../features/inbox/InboxPage';
import { LoginPage } from '../features/login/LoginPage';
import { MemberPage } from '../features/members/MemberPage';
import { MembersPage } from '../features/members/MembersPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { NoticeTemplatesPage } from '../features/notice-templates/NoticeTemplatesPage';
import { OperatorsPage } from '../features/operators/OperatorsPage';
import { PromotionsPage } from '../features/promotions/PromotionsPage';
import { SavedRepliesPage } from '../features/saved-replies/SavedRepliesPage';
import { QueuesPage } from '../features/queues/QueuesPage';
import { HarmCasePage } from '../features/protection/HarmCasePage';
import { ProtectionPage } from '../features/protection/ProtectionPage';
import { ReconciliationPage } from '../features/reconciliation/ReconciliationPage';
import { CasePage } from '../features/risk/CasePage';
import { CasePrintPage } from '../features/risk/CasePrintPage';
import { RiskPage } from '../features/risk/RiskPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SpinWheelsPage } from '../features/spinwheels/SpinWheelsPage';
import { CampaignsPage } from '../features/campaigns/CampaignsPage';
import { Shell } from './Shell';

const signedIn = () => (readToken() ? null : redirect('/login'));

/** The console's pages; every one but login needs an operator session. */
export const consoleRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  // A risk case laid out for print: the package alone, without the console's menu.
  { path: '/risk/cases/:id/print', element: <CasePrintPage />, loader: signedIn },
  {
    path: '/',
    element: <Shell />,
    loader: signedIn,
    children: [
      { index: true, element: <QueuesPage /> },
      { path: 'bank-credits', element: <BankCreditsPage /> },
      { path: 'inbox', element: <InboxPage /> },
      { path: 'saved-replies', element: <SavedRepliesPage /> },
      { path: 'members', element: <MembersPage /> },
      { path: 'members/:id', element: <MemberPage /> },
      { path: 'corrections', element: <CorrectionsPage /> },
      { path: 'approvals', element: <ApprovalsPage /> },
      { path: 'promotions', element: <PromotionsPage /> },
      { path: 'spinwheels', element: <SpinWheelsPage /> },
      { path: 'notice-templates', element: <NoticeTemplatesPage /> },
      { path: 'campaigns', element: <CampaignsPage /> },
      { path: 'operators', element: <OperatorsPage /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'books', element: <BooksPage /> },
      { path: 'reconciliation', element: <ReconciliationPage /> },
      { path: 'risk', element: <RiskPage /> },
      { path: 'risk/cases/:id', element: <CasePage /> },
      { path: 'protection', element: <ProtectionPage /> },
      { path: 'protection/cases/:id', element: <HarmCasePage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'account', element: <AccountPage /> },
      // Any other address: a page of the console with its menu, not the router's developer screen.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The console under /admin. */
export function createConsoleRouter() {
  return createBrowserRouter(consoleRoutes, { basename: '/admin' });
}
