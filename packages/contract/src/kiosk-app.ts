import { z } from 'zod';
import { zSignInOutBody } from './signin';

/** The kiosk app's own calls (apps/api/src/modules/kiosk-app), authenticated by the device token (`Bearer ghk_…`). */

export const zKioskAppConfig = z.object({
  data: z.object({
    kiosk: z.object({ id: z.number(), name: z.string() }),
    entity: z.object({ id: z.number(), name: z.string(), logo: z.string().nullable() }),
    site: z.object({ id: z.number(), name: z.string() }).nullable(),
    area: z.object({ id: z.number(), name: z.string() }).nullable(),
    journey_id: z.number().nullable(),
    settings: z.record(z.string(), z.unknown()),
  }),
});
export type KioskAppConfig = z.output<typeof zKioskAppConfig>['data'];

/** Name search on the kiosk: at least 2 characters, a few matches, names only (no contact details on a public screen). */
export const zKioskPeopleQuery = z.object({ search: z.string().trim().min(2, 'kiosk_app.search_min').max(100) });
export const zKioskPeople = z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), user_type: z.string().nullable() })) });

/** A kiosk scan: the area and kiosk are the device's own, never the body's. */
export const zKioskAppScanBody = zSignInOutBody.omit({ entity_id: true, area_id: true, kiosk_id: true });
export type KioskAppScanBody = z.input<typeof zKioskAppScanBody>;

/** The reasons of a person's attendance mode, offered when a late sign-in or early sign-out needs one. */
export const zKioskReasons = z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })) });

/** A badge to print after a sign-in: the person's QR code (`gatehouse:user:<id>`, read by the kiosk to sign out). */
export const zKioskBadge = z.object({
  data: z.object({ name: z.string(), user_type: z.string().nullable(), area: z.string().nullable(), at: z.string(), code: z.string(), qr: z.string() }),
});
