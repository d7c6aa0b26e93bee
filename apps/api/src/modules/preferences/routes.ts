import { one, zChangeLangBody, zDashboardColumns, zMessage, zPreference, zPreferenceBody, zPreferenceQuery } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { accounts, adminPreferences, users } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { defineRoutes } from '../../platform/http/route';
import { columnCount, presentPreference } from './present';

export default defineRoutes((r, services) => {
  const db = services.database.db;

  r.route({
    method: 'GET',
    url: '/api/adminPreference/{entityId}',
    summary: "The caller's preference for a page, created when missing or when the column count changed (rule 128)",
    standalone: true,
    tags: ['preferences'],
    params: z.object({ entityId: z.coerce.number().int().positive() }),
    query: zPreferenceQuery,
    response: one(zPreference),
    handler: async ({ actor, query, tenant }) => {
      if (query.employee_id && query.employee_id !== actor.userId) throw notFound();
      return tenant(async (tx) => {
        const where = and(eq(adminPreferences.entityId, actor.entityId), eq(adminPreferences.employeeId, actor.userId), eq(adminPreferences.pageUrl, query.page_url));
        const [row] = await tx.select().from(adminPreferences).where(where);
        if (row && (query.columns === undefined || columnCount(row.tableHead) === query.columns || columnCount(row.tableHead) === null)) {
          return { data: presentPreference(row) };
        }
        if (row) {
          // The page's columns changed since the preference was saved: start again from the page's defaults.
          const [reset] = await tx.update(adminPreferences).set({ tableHead: null, updatedAt: sql`now()` }).where(eq(adminPreferences.id, row.id)).returning();
          return { data: presentPreference(reset) };
        }
        const [created] = await tx
          .insert(adminPreferences)
          .values({ entityId: actor.entityId, employeeId: actor.userId, pageUrl: query.page_url, tableHead: null, url: null })
          .onConflictDoNothing()
          .returning();
        const [again] = created ? [created] : await tx.select().from(adminPreferences).where(where);
        return { data: presentPreference(again) };
      });
    },
  });

  r.route({
    method: 'POST',
    url: '/api/adminPreference',
    summary: "Save the caller's preference for a page (columns and filters)",
    standalone: true,
    tags: ['preferences'],
    body: zPreferenceBody,
    response: one(zPreference),
    handler: async ({ actor, body, tenant }) => {
      if (body.employee_id && body.employee_id !== actor.userId) throw notFound();
      const [row] = await tenant((tx) =>
        tx
          .insert(adminPreferences)
          .values({ entityId: actor.entityId, employeeId: actor.userId, pageUrl: body.page_url, tableHead: body.table_head, url: body.url ?? null })
          .onConflictDoUpdate({
            target: [adminPreferences.entityId, adminPreferences.employeeId, adminPreferences.pageUrl],
            set: { tableHead: body.table_head, url: body.url ?? null, updatedAt: sql`now()` },
          })
          .returning(),
      );
      return { data: presentPreference(row) };
    },
  });

  r.route({
    method: 'PUT',
    url: '/api/adminPreference/{id}',
    summary: 'Update one of the caller’s saved preferences',
    standalone: true,
    tags: ['preferences'],
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: zPreferenceBody,
    response: one(zPreference),
    handler: async ({ actor, body, params, tenant }) => {
      if (body.employee_id && body.employee_id !== actor.userId) throw notFound();
      const [row] = await tenant((tx) =>
        tx
          .update(adminPreferences)
          .set({ pageUrl: body.page_url, tableHead: body.table_head, url: body.url ?? null, updatedAt: sql`now()` })
          .where(and(eq(adminPreferences.id, params.id), eq(adminPreferences.entityId, actor.entityId), eq(adminPreferences.employeeId, actor.userId)))
          .returning(),
      );
      if (!row) throw notFound();
      return { data: presentPreference(row) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/check_columns_In_dashboard/{entityId}',
    summary: "The caller's saved dashboard columns (null when the defaults apply)",
    tags: ['preferences'],
    params: z.object({ entityId: z.coerce.number().int().positive() }),
    response: zDashboardColumns,
    handler: async ({ actor, tenant }) => {
      const [row] = await tenant((tx) =>
        tx
          .select()
          .from(adminPreferences)
          .where(and(eq(adminPreferences.entityId, actor.entityId), eq(adminPreferences.employeeId, actor.userId), eq(adminPreferences.pageUrl, '/'))),
      );
      return { data: { page_url: '/', table_head: row?.tableHead ?? null, columns: row ? columnCount(row.tableHead) : null } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/change-lang',
    summary: "Change the signed-in user's interface language (en, ar, es)",
    access: 'account',
    allowWithoutOtp: true,
    tags: ['preferences'],
    body: zChangeLangBody,
    response: zMessage,
    handler: async ({ actor, body }) => {
      await db.update(accounts).set({ lang: body.lang, updatedAt: sql`now()` }).where(eq(accounts.id, actor.accountId));
      await db.update(users).set({ lang: body.lang }).where(eq(users.accountId, actor.accountId));
      return { message: translate(body.lang, 'auth.lang_changed') };
    },
  });
});
