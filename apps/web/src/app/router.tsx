import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, type RouteObject, createBrowserRouter, useLocation, useMatches } from 'react-router';
import { RouteTableContext } from '../lib/route-table';
import { useSession } from '../lib/session';
import { decide } from './guard';
import { EXISTING_PATHS, ROUTE_TABLE_INFO, ROUTES } from './route-table';
import type { AppRoute } from '../lib/route-types';
import { RouteError } from './RouteError';
import { Shell } from './shell/Shell';

export interface RouteHandle {
  route: Pick<AppRoute, 'path' | 'title' | 'permission' | 'packageRule' | 'public' | 'parent'>;
}

const HOME: RouteHandle = { route: { path: '/', title: 'shell:product', permission: null, packageRule: 'any' } };

export function useCurrentRoute(): RouteHandle['route'] | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h?.route) return h.route;
  }
  return null;
}

export function useHomePath() {
  return ROUTE_TABLE_INFO.homeOf(useSession());
}

/** Applies the guard (rules 15, 91, 92) to the matched route. */
export function Guarded({ children }: { children?: React.ReactNode }) {
  const session = useSession();
  const route = useCurrentRoute();
  const { pathname, search } = useLocation();
  const home = useHomePath();
  const decision = decide({ route, pathname, search, session, home, sitesPath: EXISTING_PATHS.has('/sites') ? '/sites' : null });
  if (!decision.allow) return <Navigate to={decision.to} replace />;
  return children ?? <Outlet />;
}

/** Page title from the route, scroll to top and notifications cleared on every navigation (rules 14, 19). */
function Root() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = route && route.path !== '/' ? `${t(route.title)} | ${t('shell:product')}` : t('shell:product');
  }, [route, t]);
  useEffect(() => {
    window.scrollTo(0, 0);
    notifications.clean();
  }, [pathname]);
  return (
    <RouteTableContext.Provider value={ROUTE_TABLE_INFO}>
      <Outlet />
    </RouteTableContext.Provider>
  );
}

function Home() {
  const home = useHomePath();
  return <Navigate to={home === '/' ? '/error' : home} replace />;
}

const toRoute = (r: AppRoute): RouteObject => ({
  path: r.path,
  handle: { route: r } satisfies RouteHandle,
  lazy: async () => ({ Component: (await r.page()).default }),
});

/** Builds the data router from the route table: bare pages, pages inside the console layout, home and 404. */
export function buildRouteObjects(routes: AppRoute[] = ROUTES): RouteObject[] {
  const bare = routes.filter((r) => r.public || r.noLayout);
  const inLayout = routes.filter((r) => !(r.public || r.noLayout));
  const children: RouteObject[] = [
    { element: <Guarded />, children: bare.map(toRoute) },
    { element: <Guarded><Shell /></Guarded>, children: inLayout.map(toRoute) },
  ];
  if (!routes.some((r) => r.path === '/')) children.push({ path: '/', handle: HOME, element: <Guarded><Home /></Guarded> });
  // Unknown paths: a stranger goes to /login first (rule 15), a signed-in user to /404 (rule 16).
  children.push({ path: '*', element: <Guarded><Navigate to="/404" replace /></Guarded> });
  return [{ element: <Root />, errorElement: <RouteError />, children }];
}

export const createAppRouter = () => createBrowserRouter(buildRouteObjects());
