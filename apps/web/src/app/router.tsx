import { isRouteAllowed } from '@lightwell/domain';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { RootLayout } from '../layouts/root-layout';
import { type AppRoute, appRoutes, type RouteLayout } from '../route-table';
import { type PageLoader, pages, pagesWithoutAntd } from '../routes';
import { useSession } from '../stores/session';

/**
 * Each frame's code, loaded with the first route shown in it: public pages never load the console
 * shell (sidebar, header, tabs), and the console's first page loads together with it.
 */
const layoutLoaders: Record<RouteLayout, () => Promise<ComponentType>> = {
  main: async () => (await import('../layouts/main-layout/main-layout')).MainLayout,
  public: async () => (await import('../layouts/public-layout')).PublicLayout,
  bare: async () => (await import('../layouts/bare-layout')).BareLayout,
};

/** Lets a protected route through only with a stored token; otherwise goes to /login (section 2). */
export function RequireAuth() {
  const token = useSession((state) => state.token);
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

const ConsoleFrame = lazy(async () => ({ default: await layoutLoaders.main() }));
const PublicFrame = lazy(async () => ({ default: await layoutLoaders.public() }));

/** Frame of public pages that a signed-in user reads inside the console (`inConsole` routes). */
function ConsoleWhenSignedIn() {
  const token = useSession((state) => state.token);
  return <Suspense fallback={<PageLoading />}>{token ? <ConsoleFrame /> : <PublicFrame />}</Suspense>;
}

/** Renders a route's page, or /404 when the user's roles do not permit it (section 6). */
function RoutePage({ roles, page: Page }: { roles: AppRoute['roles']; page: ComponentType }) {
  const userRoles = useSession((state) => state.roles);
  if (!isRouteAllowed(roles, userRoles)) return <Navigate to="/404" replace />;
  return <Page />;
}

function loaderOf(route: AppRoute): PageLoader {
  const load = pages[route.path];
  if (!load) throw new Error(`route ${route.path} is marked built but routes.tsx wires no page to it`);
  return load;
}

const loadAntdTheme = async () => (await import('./antd-theme')).AntdTheme;

/**
 * A built route whose page code is fetched when the route is first matched (the router waits for it).
 * Pages outside the console frame (which brings antd's theme itself) get the theme with their code,
 * except those built without antd (`pagesWithoutAntd`, the sign-in page).
 */
function pageRoute(route: AppRoute): RouteObject {
  const load = loaderOf(route);
  const themed = route.layout !== 'main' && !pagesWithoutAntd.has(route.path);
  return {
    path: route.path,
    lazy: async () => {
      const [Page, Theme] = await Promise.all([load(), themed ? loadAntdTheme() : undefined]);
      const page = <RoutePage roles={route.roles} page={Page} />;
      return { element: Theme ? <Theme>{page}</Theme> : page };
    },
  };
}

function group(frame: Omit<RouteObject, 'children' | 'index'>, routes: AppRoute[]): RouteObject[] {
  if (routes.length === 0) return [];
  return [{ ...frame, children: routes.map(pageRoute) }];
}

function layoutRoutes(routes: readonly AppRoute[], layout: RouteLayout, isPublic: boolean): RouteObject[] {
  const shown = routes.filter(
    (route) => route.built && route.layout === layout && route.public === isPublic && !route.inConsole,
  );
  return group({ lazy: async () => ({ Component: await layoutLoaders[layout]() }) }, shown);
}

/**
 * Route objects for the router, built from the route table: `/` goes to /login, public routes need
 * no token, the others sit behind RequireAuth, and every unknown (or unbuilt) path goes to /404.
 * Frames and pages are lazy routes: the router fetches a route's code before it shows the route.
 */
export function buildRouteObjects(routes: readonly AppRoute[] = appRoutes): RouteObject[] {
  const layoutsInOrder: RouteLayout[] = ['public', 'bare', 'main'];
  const consolePages = routes.filter((route) => route.built && route.inConsole);
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        { path: '/', element: <Navigate to="/login" replace /> },
        ...layoutsInOrder.flatMap((layout) => layoutRoutes(routes, layout, true)),
        ...group({ element: <ConsoleWhenSignedIn /> }, consolePages),
        { element: <RequireAuth />, children: layoutsInOrder.flatMap((layout) => layoutRoutes(routes, layout, false)) },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}
