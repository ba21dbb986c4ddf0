/** Role that sees every route (section 6). */
export const ADMIN_ROLE = 'admin';

/**
 * Route filter of section 6: a route without a roles list is open; a route with one is kept only
 * for users holding one of its roles; the admin role sees all.
 */
export function isRouteAllowed(routeRoles: readonly string[] | undefined, userRoles: readonly string[]): boolean {
  if (!routeRoles || routeRoles.length === 0) return true;
  if (userRoles.includes(ADMIN_ROLE)) return true;
  return routeRoles.some((role) => userRoles.includes(role));
}
