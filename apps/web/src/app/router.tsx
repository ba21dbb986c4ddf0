import { isRouteAllowed } from '@lightwell/domain';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { BareLayout } from '../layouts/bare-layout';
import { MainLayout } from '../layouts/main-layout/main-layout';
import { PublicLayout } from '../layouts/public-layout';
import { RootLayout } from '../layouts/root-layout';
import { type AppRoute, appRoutes, type RouteLayout } from '../routes';
import { useSession } from '../stores/session';

type BuiltRoute = AppRoute & { built: true };

/** Lets a protected route through only with a stored token; otherwise goes to /login (section 2). */
export function RequireAuth() {
  const token = useSession((state) => state.token);
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Frame of public pages that a signed-in user reads inside the console (`inConsole` routes). */
function ConsoleWhenSignedIn() {
  const token = useSession((state) => state.token);
  return token ? <MainLayout /> : <PublicLayout />;
}

/** Renders a route's page, or /404 when the user's roles do not permit it (section 6). */
function RoutePage({ route }: { route: BuiltRoute }) {
  const roles = useSession((state) => state.roles);
  if (!isRouteAllowed(route.roles, roles)) return <Navigate to="/404" replace />;
  const Page = route.page;
  return <Page />;
}

const layouts: Record<RouteLayout, () => React.JSX.Element> = {
  main: MainLayout,
  public: PublicLayout,
  bare: BareLayout,
};

function group(element: React.JSX.Element, pages: BuiltRoute[]): RouteObject[] {
  if (pages.length === 0) return [];
  return [{ element, children: pages.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })) }];
}

function layoutRoutes(routes: readonly AppRoute[], layout: RouteLayout, isPublic: boolean): RouteObject[] {
  const Layout = layouts[layout];
  const pages = routes.filter(
    (route): route is BuiltRoute =>
      route.built && route.layout === layout && route.public === isPublic && !route.inConsole,
  );
  return group(<Layout />, pages);
}

/**
 * Route objects for the router, built from the route table: `/` goes to /login, public routes need
 * no token, the others sit behind RequireAuth, and every unknown (or unbuilt) path goes to /404.
 */
export function buildRouteObjects(routes: readonly AppRoute[] = appRoutes): RouteObject[] {
  const layoutsInOrder: RouteLayout[] = ['public', 'bare', 'main'];
  const consolePages = routes.filter((route): route is BuiltRoute => route.built && Boolean(route.inConsole));
  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <Navigate to="/login" replace /> },
        ...layoutsInOrder.flatMap((layout) => layoutRoutes(routes, layout, true)),
        ...group(<ConsoleWhenSignedIn />, consolePages),
        { element: <RequireAuth />, children: layoutsInOrder.flatMap((layout) => layoutRoutes(routes, layout, false)) },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}
