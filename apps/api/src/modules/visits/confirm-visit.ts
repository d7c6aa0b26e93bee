import { eq } from 'drizzle-orm';
import { users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { badRequest } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import type { Services } from '../../platform/services';
import { storeVisitorPhoto } from './photo';
import type { VisitByUrl } from './visit-by-url';
import { assertContactsFree } from './visit-rules';

export interface ConfirmInput {
  user?: { first_name?: string; last_name?: string; email?: string; phone?: string; company_name?: string };
  custom_fields?: { custom_field_id: number; type: string; value: string }[];
}

/**
 * Rule 141/144: the visitor confirms (and may correct) their details; the photo is taken only when the flow
 * requires one and the person has none (rule 134). The link then counts as used (rule 147).
 */
export async function confirmVisit(services: Services, row: VisitByUrl, input: ConfirmInput, photo: UploadedFile | undefined) {
  const { visit, user } = row;
  let image: string | null = null;
  if (row.isImageRequired && !user.image) {
    if (!photo) throw badRequest({ image: ['prereg.image_required'] }, 'prereg.image_required');
    image = await storeVisitorPhoto(services.storage, visit.entityId, photo.data);
  }
  const u = input.user ?? {};
  await withTenant(services.database.db, visit.entityId, async (tx) => {
    await assertContactsFree(tx, visit.entityId, { email: u.email, phone: u.phone }, user.id);
    await tx
      .update(users)
      .set({
        ...(u.first_name ? { firstName: u.first_name } : {}),
        ...(u.last_name ? { lastName: u.last_name } : {}),
        ...(u.email ? { email: u.email } : {}),
        ...(u.phone ? { phone: u.phone } : {}),
        ...(u.company_name !== undefined ? { companyName: u.company_name } : {}),
        ...(image ? { image } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await tx
      .update(visits)
      .set({
        confirmationState: 'confirmed',
        confirmedAt: new Date(),
        ...(input.custom_fields ? { customFields: input.custom_fields } : {}),
        ...(u.company_name !== undefined ? { companyName: u.company_name } : {}),
        ...(image ? { image } : {}),
        updatedAt: new Date(),
      })
      .where(eq(visits.id, visit.id));
  });
}
