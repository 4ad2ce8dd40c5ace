// The route table of spec §2. React Router matches paths case-insensitively unless a route
// sets `caseSensitive`, which is what the spec asks for (/Login works like /login).
// Every page loads lazily, so each downloads only what it shows: a visitor of the sign-in pages
// does not download the send form, the dashboard does not download the date pickers.
// The server answers 404 for paths outside @kurir/core/app-routes; route-table.test.ts keeps
// that list equal to this table.
import type { RouteObject } from 'react-router';
import { RouteError } from '../components/route-error';
import { RedirectIfAuthenticated, RequireAuth } from '../features/auth/guards';
import { RootLayout } from './layouts/root-layout';

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // The public pages' header and footer load with them, not on a signed-in page.
        lazy: () => import('./layouts/public-layout').then((m) => ({ Component: m.PublicLayout })),
        children: [
          { index: true, lazy: () => import('../features/landing/landing-page').then((m) => ({ Component: m.LandingPage })) },
          { path: 'help', lazy: () => import('../features/site-pages/help-page').then((m) => ({ Component: m.HelpPage })) },
          { path: 'privacy', lazy: () => import('../features/site-pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })) },
          { path: 'terms', lazy: () => import('../features/site-pages/terms-page').then((m) => ({ Component: m.TermsPage })) },
          { path: 'docs/api', lazy: () => import('../features/api-docs/api-docs-page').then((m) => ({ Component: m.ApiDocsPage })) },
        ],
      },
      {
        element: <RedirectIfAuthenticated />,
        children: [
          { path: 'login', lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
          { path: 'register', lazy: () => import('../features/auth/register-page').then((m) => ({ Component: m.RegisterPage })) },
          { path: 'verify', lazy: () => import('./routes/verify-route').then((m) => ({ Component: m.VerifyRoute })) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'dashboard',
            lazy: () => import('./layouts/customer-shell').then((m) => ({ Component: m.CustomerShell })),
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
        lazy: () => import('./layouts/admin-gate').then((m) => ({ Component: m.AdminGate })),
        children: [
          {
            lazy: () => import('./layouts/admin-shell').then((m) => ({ Component: m.AdminShell })),
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
      { path: 'dev/outbox', lazy: () => import('../features/dev-outbox/outbox-page').then((m) => ({ Component: m.OutboxPage })) },
      { path: '*', lazy: () => import('./routes/not-found-route').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];
