/** Query parameter the login page reads to go back where the user came from after signing in. */
export const RETURN_TO_PARAM = 'returnTo';

/** The login path that returns to `path` after signing in. */
export function loginPathReturningTo(path: string): string {
  return `/login?${RETURN_TO_PARAM}=${encodeURIComponent(path)}`;
}

/**
 * Where to go after signing in: the `returnTo` path when it is a path of this app (one leading slash,
 * no scheme or host), otherwise `fallback`; so the parameter can never send the user to another site.
 */
export function safeReturnPath(value: string | null, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}
