/** Where customers write to: the footer, the Help page and the Privacy and Terms pages name it. */
export const SUPPORT_EMAIL = 'support@kurir.app';
