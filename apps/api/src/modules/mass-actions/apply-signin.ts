import { randomUUID } from 'node:crypto';
import { translate, type Language, type SignInOutBody } from '@gatehouse/contract';
import type { z } from 'zod';
import type { zMassApplyBody } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { areas, massActionErrors } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import type { Services } from '../../platform/services';
import { AppError, fieldError, found } from '../../platform/errors';
import { blockedPeople, refusalMessage, signInOut, type SignInOutResult } from '../signin';
import { loadSitePeople } from './load-site-people';

type Body = z.output<typeof zMassApplyBody>;

/**
 * Applies a mass sign-in/out (rules 220-226): each chosen person (or everyone, the 'All' row) is signed in at the
 * chosen area or signed out where they are, as `action` says (without it each flips: signed in somewhere in the
 * site -> signed out there, otherwise signed in). People outside the caller's
 * access, or whom the sign-in refuses, are skipped with an explanation (kept for `mass-action-signin/errors`);
 * the rest still apply, each in its own transaction.
 */
export async function applyMassSignin(
  tenant: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>,
  actor: MemberActor,
  lang: Language,
  body: Body,
  after: (result: SignInOutResult) => Promise<void>,
  outbox: Pick<Services, 'mail' | 'jobs'>,
) {
  const batchId = randomUUID();
  const plan = await tenant(async (tx) => {
    const area = found((await tx.select({ id: areas.id, siteId: areas.siteId }).from(areas).where(and(eq(areas.id, body.area_id), eq(areas.entityId, actor.entityId))))[0]);
    if (area.siteId !== body.site_id) throw fieldError('area_id', 'signin.area_not_found');
    const wanted = body.all ? undefined : (body.users ?? []).map((u) => u.id);
    if (!body.all && !wanted?.length) throw fieldError('users', 'signin.users_required');
    const { people } = await loadSitePeople(tx, actor.entityId, { site_id: body.site_id, user_ids: wanted });
    const blocked = await blockedPeople(tx, actor, body.site_id, people);
    return { people, blocked };
  });

  const applied: { user_id: number; action: 'in' | 'out'; scan_id: number }[] = [];
  const skipped: { user_id: number; full_name: string; message: string }[] = [];
  const answers = new Map((body.users ?? []).map((u) => [u.id, u]));
  const found_ = new Set(plan.people.map((p) => p.id));
  for (const id of answers.keys()) if (!found_.has(id)) skipped.push({ user_id: id, full_name: '', message: translate(lang, 'signin.person_not_found') });

  for (const p of plan.people) {
    const fullName = `${p.firstName} ${p.lastName}`.trim();
    const why = plan.blocked.get(p.id);
    if (why) {
      skipped.push({ user_id: p.id, full_name: fullName, message: translate(lang, why) });
      continue;
    }
    const next = p.open ? 'out' : 'in';
    if (body.action && body.action !== next) {
      // Said explicitly: 'All' takes only those it concerns; a chosen person already there is told apart.
      if (!body.all) skipped.push({ user_id: p.id, full_name: fullName, message: translate(lang, body.action === 'in' ? 'mass.already_signed_in' : 'mass.already_signed_out') });
      continue;
    }
    const a = answers.get(p.id);
    const one: SignInOutBody = {
      area_id: p.open?.areaId ?? body.area_id,
      user_id: p.id,
      action: next,
      temperature: a?.temperature,
      mask: a?.mask,
      reason_id: a?.reason_id ?? null,
      attendance_code_id: a?.attendance_code_id ?? null,
      host_user_id: a?.host_user_id ?? null,
      notes: a?.notes ?? body.notes ?? null,
      compliance: a?.compliance,
    };
    try {
      const result = await tenant((tx) => signInOut(tx, { outbox, actor, body: one, method: 'mass_action', skipAccessCheck: true, endsTransaction: true }));
      applied.push({ user_id: p.id, action: result.action, scan_id: result.scan.id });
      await after(result);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      skipped.push({ user_id: p.id, full_name: fullName, message: refusalMessage(lang, err) });
    }
  }

  const known = skipped.filter((s) => found_.has(s.user_id));
  if (known.length) {
    await tenant((tx) =>
      tx.insert(massActionErrors).values(known.map((s) => ({ entityId: actor.entityId, batchId, actorUserId: actor.userId, userId: s.user_id, message: s.message }))),
    );
  }
  return { batch_id: batchId, applied, skipped };
}
