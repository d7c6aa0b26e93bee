import { createContext, useContext } from 'react';
import type { StoredSession } from './session';

/**
 * What pages may ask of the console's route table, which `src/app` owns and provides (features never import
 * `app/`): which paths exist (pages arrive area by area) and where a signed-in session lands (rules 21, 92).
 */
export interface RouteTableInfo {
  existingPaths: ReadonlySet<string>;
  homeOf(session: StoredSession | null): string;
}

export const RouteTableContext = createContext<RouteTableInfo | null>(null);

export function useRouteTable(): RouteTableInfo {
  const table = useContext(RouteTableContext);
  if (!table) throw new Error('useRouteTable() needs RouteTableContext (provided by the app router and test/render.tsx)');
  return table;
}
