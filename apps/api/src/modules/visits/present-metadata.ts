import { flag, type zVisitMetadata } from '@gatehouse/contract';
import type { z } from 'zod';
import type { Services } from '../../platform/services';
import type { VisitByUrl } from './visit-by-url';
import { linkState, reasonMessageKey } from './visit-link';

/** Rule 142 metadata with rule 143's reason and the exact message of rules 146-148 in the caller's language. */
export function presentMetadata(services: Services, row: VisitByUrl, kind: 'confirmation' | 'compliance', t: (k: string) => string): z.input<typeof zVisitMetadata> {
  const { visit, user } = row;
  const reason = linkState(visit, kind);
  return {
    is_expired: flag(!!reason),
    reason,
    message: reason ? t(reasonMessageKey(reason, kind)) : null,
    is_confirmed: flag(visit.confirmationState === 'confirmed'),
    validations: {
      is_image_required: flag(!!row.isImageRequired),
      has_image: flag(!!user.image),
      is_compliance_required: flag(!!row.isComplianceRequired),
      journey_stage: visit.journeyStage,
    },
    expectedDateTime: visit.expectedAt?.toISOString() ?? null,
    user: { first_name: user.firstName, last_name: user.lastName, email: user.email, phone: user.phone, company_name: user.companyName },
    visitId: visit.id,
    serverUrl: services.config.publicUrl,
    passport_id: visit.passportId ?? row.passportId ?? null,
  };
}
