import type { FastifyRequest } from 'fastify';
import { AppError, fieldError, notFound, unauthenticated } from '../errors';
import type { Services } from '../services';

/**
 * A kind of visitor's link (pre-registration, confirmation, approval, online compliance, RFID enrolment, safety):
 * how its token resolves to its organisation. The modules declare their kinds (modules/visits/link-kinds.ts …);
 * the platform only runs them, before the handler.
 */
export interface LinkKind<D = unknown> {
  name: 'pre-registration' | 'confirmation' | 'approval' | 'online-compliance' | 'rfid' | 'emergency';
  /**
   * The link behind `token`, or null when there is none (404). A link that exists but may no longer be used by
   * the route (used, expired: rules 144-148) throws the answer its rules give; a route that shows why a link
   * expired asks for it with `state: 'any'`.
   */
  resolve: (services: Services, token: string, state: 'open' | 'any') => Promise<{ entityId: number; data: D } | null>;
}

/** What a `link` route declares: the kinds it takes and where the link's token is. */
export interface LinkSpec {
  kinds: readonly LinkKind[];
  /**
   * The request part and field holding the token. `form`: a form field the handler reads itself (multipart); the
   * handler opens the link with `ctx.openLink(token)` before it does anything else.
   */
  in: 'params' | 'query' | 'body' | 'form';
  name: string;
  /** `any`: the route also answers for a used or expired link (it presents why, rules 142-148). Default `open`. */
  state?: 'open' | 'any';
  /**
   * The call is a signed-in member's instead (the console's form of the same call) when this says so: no link is
   * resolved, the handler checks the member itself, and `ctx.tenant` runs in the member's organisation.
   */
  orMember?: (req: FastifyRequest) => boolean;
}

/** The resolved link a `link` route receives as `ctx.link`. */
export interface LinkOf<D = unknown> {
  kind: LinkKind['name'];
  token: string;
  entityId: number;
  data: D;
}

/** The link's data, typed by its kind (the route names the kinds it takes). */
export function linkData<D>(link: LinkOf | undefined, kind: LinkKind<D>): D | null {
  return link && link.kind === kind.name ? (link.data as D) : null;
}

/** Reads the token where the route says and resolves it with the first kind that knows it: 401 none sent, 404 unknown. */
export async function resolveLinkCaller(services: Services, spec: LinkSpec, req: FastifyRequest, fromForm?: unknown): Promise<LinkOf> {
  const part = spec.in === 'form' ? undefined : (req[spec.in] as Record<string, unknown> | undefined);
  const raw = spec.in === 'form' ? fromForm : part && typeof part === 'object' ? part[spec.name] : undefined;
  const token = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  // A form names its link among its fields: a missing one is a field to fill in (400), as its schema would say.
  if (!token) throw spec.in === 'form' ? fieldError(spec.name, 'validation.required') : unauthenticated('errors.link_missing');
  if (token.length > 300) throw notFound();
  let unknown: unknown = notFound();
  for (const kind of spec.kinds) {
    try {
      const found = await kind.resolve(services, token, spec.state ?? 'open');
      if (found) return { kind: kind.name, token, entityId: found.entityId, data: found.data };
    } catch (err) {
      // Not a link of this kind: the next kind may know it (its 404 is the answer when none does).
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      unknown = err;
    }
  }
  throw unknown;
}
