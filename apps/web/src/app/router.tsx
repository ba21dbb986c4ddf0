import { isRouteAllowed } from '@lightwell/domain';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { RouteError } from '../components/route-error';
import { RootLayout } from '../layouts/root-layout';
import { type AppRoute, appRoutes, type RouteLayout } from '../route-table';
import { type PageLoader, pages, pagesWithoutAntd } from '../routes';
import { useSession } from '../stores/session';
import { withChunkTimeout } from './chunk-load';

/**
 * Each frame's code, loaded with the first route shown in it: public pages never load the console
 * shell (sidebar, header, tabs), and the console's first page loads together with it. Every lazy load
 * of a route (frame, page, theme) goes through `withChunkTimeout`: code that fails or has not come
 * within 120 s shows `RouteError` with a reload action, never an endless spinner.
 */
const layoutLoaders: Record<RouteLayout, () => Promise<ComponentType>> = {
  main: async () => (await import('../layouts/main-layout/main-layout')).MainLayout,
  public: async () => (await import('../layouts/public-layout')).PublicLayout,
  bare: async () => (await import('../layouts/bare-layout')).BareLayout,
};

/** Lets a protected route through only with a stored token; otherwise goes to /login (section 2). */
function RequireAuth() {
  const token = useSession((state) => state.token);
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

const ConsoleFrame = lazy(withChunkTimeout(async () => ({ default: await layoutLoaders.main() })));
const PublicFrame = lazy(withChunkTimeout(async () => ({ default: await layoutLoaders.public() })));

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

function loaderOf(route: AppRoute, loaders: Readonly<Record<string, PageLoader>>): PageLoader {
  const load = loaders[route.path];
  if (!load) throw new Error(`route ${route.path} is marked built but routes.tsx wires no page to it`);
  return load;
}

const loadAntdTheme = async () => (await import('./antd-theme')).AntdTheme;

/**
 * A built route whose page code is fetched when the route is first matched (the router waits for it).
 * Pages outside the console frame (which brings antd's theme itself) get the theme with their code,
 * except those built without antd (`pagesWithoutAntd`, the sign-in page).
 */
function pageRoute(route: AppRoute, loaders: Readonly<Record<string, PageLoader>>): RouteObject {
  const load = loaderOf(route, loaders);
  const themed = route.layout !== 'main' && !pagesWithoutAntd.has(route.path);
  return {
    path: route.path,
    lazy: withChunkTimeout(async () => {
      const [Page, Theme] = await Promise.all([load(), themed ? loadAntdTheme() : undefined]);
      const page = <RoutePage roles={route.roles} page={Page} />;
      return { element: Theme ? <Theme>{page}</Theme> : page };
    }),
  };
}

function group(
  frame: Omit<RouteObject, 'children' | 'index'>,
  routes: AppRoute[],
  loaders: Readonly<Record<string, PageLoader>>,
): RouteObject[] {
  if (routes.length === 0) return [];
  // The pages' error boundary sits in the frame, above the lazy page routes (the router draws no route
  // below one whose code failed): a page that cannot load leaves the menu and tabs usable.
  const pagesInFrame: RouteObject = {
    errorElement: <RouteError />,
    children: routes.map((route) => pageRoute(route, loaders)),
  };
  return [{ ...frame, children: [pagesInFrame] }];
}

function layoutRoutes(
  routes: readonly AppRoute[],
  layout: RouteLayout,
  isPublic: boolean,
  loaders: Readonly<Record<string, PageLoader>>,
): RouteObject[] {
  const shown = routes.filter(
    (route) => route.built && route.layout === layout && route.public === isPublic && !route.inConsole,
  );
  return group({ lazy: withChunkTimeout(async () => ({ Component: await layoutLoaders[layout]() })) }, shown, loaders);
}

/**
 * Route objects for the router, built from the route table: `/` goes to /login, public routes need
 * no token, the others sit behind RequireAuth, and every unknown (or unbuilt) path goes to /404.
 * Frames and pages are lazy routes: the router fetches a route's code before it shows the route.
 * `loaders` are the pages of the built paths (routes.tsx).
 */
export function buildRouteObjects(
  routes: readonly AppRoute[] = appRoutes,
  loaders: Readonly<Record<string, PageLoader>> = pages,
): RouteObject[] {
  const layoutsInOrder: RouteLayout[] = ['public', 'bare', 'main'];
  const consolePages = routes.filter((route) => route.built && route.inConsole);
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoading />,
      // A frame that cannot load (or fails) has no page around it to keep: the whole window says so.
      errorElement: <RouteError />,
      children: [
        { path: '/', element: <Navigate to="/login" replace /> },
        ...layoutsInOrder.flatMap((layout) => layoutRoutes(routes, layout, true, loaders)),
        ...group({ element: <ConsoleWhenSignedIn /> }, consolePages, loaders),
        {
          element: <RequireAuth />,
          children: layoutsInOrder.flatMap((layout) => layoutRoutes(routes, layout, false, loaders)),
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}
