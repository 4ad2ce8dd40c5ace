// The route table of spec §2. React Router matches paths case-insensitively unless a route
// sets `caseSensitive`, which is what the spec asks for (/Login works like /login).
// Customer pages load lazily: a visitor of the landing or sign-in pages does not download the
// charts, date pickers and send form they cannot use yet.
import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../components/not-found';
import { RouteError } from '../components/route-error';
import { RedirectIfAuthenticated, RequireAuth } from '../features/auth/guards';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { VerifyPage } from '../features/auth/verify-page';
import { OutboxHint } from '../features/dev-outbox/outbox-hint';
import { OutboxPage } from '../features/dev-outbox/outbox-page';
import { LandingPage } from '../features/landing/landing-page';
import { AdminGate } from './layouts/admin-gate';
import { AdminShell } from './layouts/admin-shell';
import { CustomerShell } from './layouts/customer-shell';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'docs/api', lazy: () => import('../features/api-docs/api-docs-page').then((m) => ({ Component: m.ApiDocsPage })) },
        ],
      },
      {
        element: <RedirectIfAuthenticated />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'verify', element: <VerifyPage hint={OutboxHint} /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'dashboard',
            element: <CustomerShell />,
            // Each customer page joins here as its issue lands (see ./navigation.ts).
            children: [
              { index: true, lazy: () => import('./routes/dashboard-route').then((m) => ({ Component: m.DashboardRoute })) },
              { path: 'send-sms', lazy: () => import('../features/messages/send/send-message-page').then((m) => ({ Component: m.SendMessagePage })) },
              { path: 'messages', lazy: () => import('../features/messages/history/history-page').then((m) => ({ Component: m.HistoryPage })) },
              { path: 'scheduled-messages', lazy: () => import('../features/messages/scheduled/scheduled-messages-page').then((m) => ({ Component: m.ScheduledMessagesPage })) },
              { path: 'phonebook', lazy: () => import('../features/phonebooks/phonebooks-page').then((m) => ({ Component: m.PhonebooksPage })) },
              { path: 'phonebook/:id/entries', lazy: () => import('../features/phonebooks/contacts-page').then((m) => ({ Component: m.ContactsPage })) },
              { path: 'profile', lazy: () => import('../features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })) },
              { path: 'products', lazy: () => import('../features/products/products-page').then((m) => ({ Component: m.ProductsPage })) },
              { path: 'settings', lazy: () => import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })) },
              { path: 'templates', lazy: () => import('../features/templates/templates-page').then((m) => ({ Component: m.TemplatesPage })) },
            ],
          },
        ],
      },
      {
        // The admin area (admin spec §2): its own gate ('Authentication Required', 'Access
        // Denied'), then the admin shell. A path below /admin that no page claims falls through to
        // the not-found page at the end of this table.
        path: 'admin',
        element: <AdminGate />,
        children: [
          {
            element: <AdminShell />,
            children: [
              { index: true, lazy: () => import('../features/admin/dashboard/admin-dashboard-page').then((m) => ({ Component: m.AdminDashboardPage })) },
              { path: 'users', lazy: () => import('../features/admin/users/users-page').then((m) => ({ Component: m.UsersPage })) },
              { path: 'statistics', lazy: () => import('../features/admin/statistics/statistics-page').then((m) => ({ Component: m.StatisticsPage })) },
              { path: 'products', lazy: () => import('../features/admin/products/products-page').then((m) => ({ Component: m.AdminProductsPage })) },
              { path: 'messages', lazy: () => import('../features/admin/messages/all-messages-page').then((m) => ({ Component: m.AllMessagesPage })) },
              { path: 'scheduled', lazy: () => import('../features/admin/scheduled/scheduled-page').then((m) => ({ Component: m.AdminScheduledPage })) },
              { path: 'templates', lazy: () => import('../features/admin/templates/templates-page').then((m) => ({ Component: m.AdminTemplatesPage })) },
              { path: 'transactions', lazy: () => import('../features/admin/transactions/transactions-page').then((m) => ({ Component: m.AdminTransactionsPage })) },
              { path: 'settings', lazy: () => import('../features/admin/settings/settings-page').then((m) => ({ Component: m.AdminSettingsPage })) },
            ],
          },
        ],
      },
      { path: 'dev/outbox', element: <OutboxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
