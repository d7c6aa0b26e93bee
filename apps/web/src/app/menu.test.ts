import type { PermissionMap } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { decide } from './guard';
import { activeMenuId, buildMenu, homePath } from './menu';

const perms = (allowed: string[], denied: string[] = []): PermissionMap =>
  Object.fromEntries([...allowed.map((k) => [k, { pivot: { allowed: 1 as const } }]), ...denied.map((k) => [k, { pivot: { allowed: 0 as const } }])]);
const ALL = new Set(['/passport', '/company', '/', '/sites', '/reporting/history', '/reporting/timesheet', '/user-types', '/journeys']);
const ids = (items: { id: string; children?: { id: string }[] }[]) => items.map((i) => (i.children ? `${i.id}[${i.children.map((c) => c.id).join(',')}]` : i.id));

describe('side menu follows permissions (rules 42-46, 52)', () => {
  it('shows an entry only when its permission is allowed (1); passport always', () => {
    const items = buildMenu({ permissions: perms(['company_details', 'sites_devices'], ['dashboard']), entityPackage: 'Cloud', isSupport: false, existingPaths: ALL });
    expect(ids(items)).toEqual(['passport', 'company', 'sites']);
  });
  it('sub-items follow the same rule; a group without a visible sub-page is not shown', () => {
    const items = buildMenu({ permissions: perms(['reporting', 'history', 'user_settings'], ['time_sheet']), entityPackage: 'Cloud', isSupport: false, existingPaths: ALL });
    expect(ids(items)).toEqual(['passport', 'reporting[history]']);
  });
  it('never links to a page that does not exist yet', () => {
    const items = buildMenu({ permissions: perms(['company_details', 'users', 'announcements']), entityPackage: 'Cloud', isSupport: false, existingPaths: new Set(['/passport', '/company']) });
    expect(ids(items)).toEqual(['passport', 'company']);
  });
  it('rule 52: on Standalone every entry except sites and passport is disabled; company stays enabled for the support account', () => {
    const p = perms(['company_details', 'sites_devices', 'dashboard']);
    const user = buildMenu({ permissions: p, entityPackage: 'Standalone', isSupport: false, existingPaths: ALL });
    expect(user.filter((i) => !i.disabled).map((i) => i.id)).toEqual(['passport', 'sites']);
    const support = buildMenu({ permissions: p, entityPackage: null, isSupport: true, existingPaths: ALL });
    expect(support.filter((i) => !i.disabled).map((i) => i.id)).toEqual(['passport', 'company', 'sites']);
  });
  it('rule 48: highlights the entry of the path, its parent route, or a mapped word', () => {
    const items = buildMenu({ permissions: perms(['journey_builder', 'company_details']), entityPackage: 'Cloud', isSupport: false, existingPaths: ALL });
    expect(activeMenuId(items, '/company')).toBe('company');
    expect(activeMenuId(items, '/update/journey/4')).toBe('journeys');
    expect(activeMenuId(items, '/somewhere', '/company')).toBe('company');
  });
  it('rule 21: Cloud lands on / when it exists, Standalone on /sites', () => {
    const p = perms(['dashboard', 'sites_devices']);
    expect(homePath({ permissions: p, entityPackage: 'Cloud', isSupport: false, existingPaths: ALL })).toBe('/');
    expect(homePath({ permissions: p, entityPackage: 'Standalone', isSupport: false, existingPaths: ALL })).toBe('/sites');
    expect(homePath({ permissions: p, entityPackage: 'Cloud', isSupport: false, existingPaths: new Set(['/passport']) })).toBe('/passport');
  });
});

describe('route guard (rules 15, 91, 92)', () => {
  const session = (pkg: 'Cloud' | 'Standalone', p: PermissionMap, support = 0) =>
    ({ token: 't', user: { is_support: support }, entity: { id: 1, package: pkg }, permissions: p }) as any;
  const company = { path: '/company', permission: 'company_details' as const, packageRule: 'support' as const };
  const base = { search: '', home: '/passport', sitesPath: '/sites' };
  it('rule 15: a stranger goes to /login with the page to return to; public prefixes need nobody', () => {
    expect(decide({ ...base, route: company, pathname: '/company', search: '?x=1', session: null })).toEqual({ allow: false, to: '/login?next=%2Fcompany%3Fx%3D1' });
    expect(decide({ ...base, route: null, pathname: '/link-expired', session: null })).toEqual({ allow: true });
    expect(decide({ ...base, route: null, pathname: '/pre-registration/5', session: null })).toEqual({ allow: true });
  });
  it('rule 91: allowed when 1 or undefined, blocked to the root when 0', () => {
    expect(decide({ ...base, route: company, pathname: '/company', session: session('Cloud', perms(['company_details'])) })).toEqual({ allow: true });
    expect(decide({ ...base, route: company, pathname: '/company', session: session('Cloud', {}) })).toEqual({ allow: true });
    expect(decide({ ...base, route: company, pathname: '/company', session: session('Cloud', perms([], ['company_details'])) })).toEqual({ allow: false, to: '/passport' });
  });
  it('rule 92: Standalone goes to /sites, except /company for the support account', () => {
    const p = perms(['company_details']);
    expect(decide({ ...base, route: company, pathname: '/company', session: session('Standalone', p) })).toEqual({ allow: false, to: '/sites' });
    expect(decide({ ...base, route: company, pathname: '/company', session: session('Standalone', p, 1) })).toEqual({ allow: true });
    const cloudOnly = { path: '/users', permission: 'users' as const, packageRule: 'cloud' as const };
    expect(decide({ ...base, route: cloudOnly, pathname: '/users', session: session('Standalone', p, 1) })).toEqual({ allow: false, to: '/sites' });
  });
});
