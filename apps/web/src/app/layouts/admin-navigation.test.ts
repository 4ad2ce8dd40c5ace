import { describe, expect, it } from 'vitest';
import { adminPageTitle, isAdminLinkActive } from './admin-navigation';

describe('isAdminLinkActive', () => {
  it('lights the Dashboard only on /admin itself', () => {
    expect(isAdminLinkActive('/admin', '/admin')).toBe(true);
    expect(isAdminLinkActive('/admin', '/admin/')).toBe(true);
    expect(isAdminLinkActive('/admin', '/admin/users')).toBe(false);
  });

  it('lights an entry on its path and below it, by prefix', () => {
    expect(isAdminLinkActive('/admin/users', '/admin/users')).toBe(true);
    expect(isAdminLinkActive('/admin/users', '/Admin/Users/')).toBe(true);
    expect(isAdminLinkActive('/admin/users', '/admin/users/123')).toBe(true);
  });

  it('does not light an entry whose path is only a text prefix of another', () => {
    expect(isAdminLinkActive('/admin/users', '/admin/users-archive')).toBe(false);
    expect(isAdminLinkActive('/admin/messages', '/admin/scheduled')).toBe(false);
  });
});

describe('adminPageTitle', () => {
  it('names the page from the lit entry', () => {
    expect(adminPageTitle('/admin')).toBe('Admin Dashboard');
    expect(adminPageTitle('/admin/users')).toBe('Users');
    expect(adminPageTitle('/admin/products')).toBe('Products Management');
  });

  it('uses the short label on phones', () => {
    expect(adminPageTitle('/admin', true)).toBe('Dashboard');
    expect(adminPageTitle('/admin/messages', true)).toBe('Messages');
  });

  it('falls back to the area name on an unknown admin path', () => {
    expect(adminPageTitle('/admin/nowhere')).toBe('Administration');
  });
});
