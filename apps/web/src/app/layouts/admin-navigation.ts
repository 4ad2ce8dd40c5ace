// The admin sidebar in one list (admin spec §2, "Admin shell and access gate"): the eight admin
// routes plus Statistics, and the rules the shell derives from it (which link is lit, which title
// the header shows).
import {
  IconCalendarTime,
  IconChartBar,
  IconLayoutDashboard,
  IconMessages,
  IconPackage,
  IconReceipt,
  IconSettings,
  IconTemplate,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';

export type AdminNavEntry = { path: string; label: string; title: string; icon: TablerIcon };

export const ADMIN_HOME = '/admin';

export const adminNavigation: readonly AdminNavEntry[] = [
  { path: ADMIN_HOME, label: 'Dashboard', title: 'Admin Dashboard', icon: IconLayoutDashboard },
  { path: '/admin/users', label: 'Users', title: 'Users', icon: IconUsers },
  { path: '/admin/products', label: 'Products', title: 'Products Management', icon: IconPackage },
  { path: '/admin/messages', label: 'Messages', title: 'All Messages', icon: IconMessages },
  { path: '/admin/scheduled', label: 'Scheduled', title: 'Scheduled Messages', icon: IconCalendarTime },
  { path: '/admin/templates', label: 'Templates', title: 'SMS Templates', icon: IconTemplate },
  { path: '/admin/transactions', label: 'Transactions', title: 'Transactions', icon: IconReceipt },
  { path: '/admin/settings', label: 'Settings', title: 'Admin Settings', icon: IconSettings },
  { path: '/admin/statistics', label: 'Statistics', title: 'Statistics', icon: IconChartBar },
];

function normalise(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, '') || '/';
}

/**
 * Lit by path prefix: /admin/users/… lights Users. The Dashboard (/admin) is a prefix of every
 * admin path, so it is lit only on itself.
 */
export function isAdminLinkActive(entryPath: string, pathname: string): boolean {
  const path = normalise(pathname);
  if (entryPath === ADMIN_HOME) return path === ADMIN_HOME;
  return path === entryPath || path.startsWith(`${entryPath}/`);
}

/** The header's title: the lit entry's title (its short label on phones), else the area's name. */
export function adminPageTitle(pathname: string, short = false): string {
  const entry = adminNavigation.find((e) => isAdminLinkActive(e.path, pathname));
  if (!entry) return 'Administration';
  return short ? entry.label : entry.title;
}
