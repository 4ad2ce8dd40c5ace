// The phone waiting for its code, kept between /login or /register and /verify (spec §3) so a
// reload of /verify still knows whom to verify.
const KEY = 'pendingPhone';

export function readPendingPhone(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage disabled (private mode, policy): behave as if nothing is pending
  }
}

export function storePendingPhone(phone: string): void {
  try {
    localStorage.setItem(KEY, phone);
  } catch {
    // Without storage /verify sends the user back to /login; nothing better to do here.
  }
}

export function clearPendingPhone(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // see readPendingPhone
  }
}
