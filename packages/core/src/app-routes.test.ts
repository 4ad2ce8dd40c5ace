import { describe, expect, it } from 'vitest';
import { isAppRoute } from './app-routes';

describe('isAppRoute', () => {
  it('knows the pages, case-insensitively, with parameters and trailing slashes', () => {
    for (const path of ['/', '/login', '/Login', '/dashboard/', '/dashboard/phonebook/7f3a/entries', '/admin', '/admin/users/42', '/help']) {
      expect(isAppRoute(path), path).toBe(true);
    }
  });

  it('refuses everything else', () => {
    for (const path of ['/robots.txt.bak', '/wp-login.php', '/dashboard/nope', '/dashboard/phonebook/7f3a', '/administrator', '/login/extra']) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});
