import type { PermissionKey } from '@gatehouse/contract';
import type { ComponentType } from 'react';

/**
 * Package rule (rules 7, 52, 91-92): 'cloud' pages need a Cloud package (Standalone goes to /sites);
 * 'any' pages open on every package (sites, passport, status pages); 'support' pages open on Standalone only to
 * the technical support account (/company; others go to /sites).
 */
export type PackageRule = 'cloud' | 'any' | 'support';

export interface AppRoute {
  /** Path exactly as ../spec/routes.json writes it. */
  path: string;
  /** The page, loaded as its own chunk. */
  page: () => Promise<{ default: ComponentType }>;
  /** Page title key (`ns:key`). */
  title: string;
  /** Feature permission that gates the page (rule 91); null when none. */
  permission: PermissionKey | null;
  /** Parent route for navigation and menu highlighting (rule 18). */
  parent?: string;
  /** No login needed (rule 15). */
  public?: boolean;
  /** Rendered without the console layout (rule 33). */
  noLayout?: boolean;
  packageRule: PackageRule;
}
