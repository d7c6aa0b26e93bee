/** Packages, subscriptions and plans (rules 3-5). */
export const PACKAGES = ['Cloud', 'Standalone'] as const;
export type Package = (typeof PACKAGES)[number];
export const SUBSCRIPTIONS = ['cloud', 'standalone'] as const;
export type Subscription = (typeof SUBSCRIPTIONS)[number];
export const PLANS = { lite: 1, professional: 2, enterprise: 3 } as const;
export type PlanCode = (typeof PLANS)[keyof typeof PLANS];
export const PLAN_CODES = [1, 2, 3] as const;

/** Custom fields need the professional or enterprise plan (rule 12). */
export const planAllowsCustomFields = (plan: number | null | undefined) => plan === PLANS.professional || plan === PLANS.enterprise;

/** Standalone (or no package) reaches only the sites page and the passport (rules 7, 52, 92). */
export const isStandalone = (pkg: string | null | undefined) => pkg !== 'Cloud';
