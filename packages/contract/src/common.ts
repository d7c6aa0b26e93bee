import { z } from 'zod';
import { EMAIL_PATTERN, NAME_MAX, NAME_MIN, PHONE_PATTERN } from './person-details';

/** Interface languages (rule 8). `ar` is right-to-left. */
export const LANGUAGES = ['en', 'ar', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const zLang = z.enum(LANGUAGES);
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** Booleans are accepted as 1/0/true/false and sent as 1/0 (rule 122). */
export const zBool = z.preprocess((v) => {
  if (v === 1 || v === '1' || v === 'true' || v === true) return true;
  if (v === 0 || v === '0' || v === 'false' || v === false) return false;
  return v;
}, z.boolean());
/** A boolean presented as 1 or 0. */
export const zFlag = z.union([z.literal(0), z.literal(1)]);
export const flag = (b: boolean | null | undefined): 0 | 1 => (b ? 1 : 0);

/** Positive integer id, accepted from a path or query string. */
export const zId = z.coerce.number().int().positive().max(2_147_483_647);
/** Ids as one comma-separated query value (`site_ids=3,7`): each a valid id, at most 500 of them. */
export const zIdCsv = z
  .string()
  .max(6000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'validation.id_list')
  .transform((s) => s.split(',').map(Number))
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)).max(500));
export const zEntityIdParam = z.object({ entityId: zId });
export const zIdParam = z.object({ id: zId });

/** Dates are YYYY-MM-DD, times HH:mm:ss 24-hour (rule 122). */
export const zDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date_format');
export const zTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'validation.time_format');

/** Default page size 10, page 1 (rule 123). */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 500;

/**
 * List query shared by every list call: filterBy (JSON object or plain search text), orderBy (asc|desc),
 * sortField, limit, page (architecture section 4).
 */
export const zListQuery = z.object({
  filterBy: z
    .string()
    .max(4000)
    .optional()
    .transform((s, ctx) => {
      if (!s) return {} as Record<string, unknown>;
      const t = s.trim();
      if (!t.startsWith('{')) return { search: t } as Record<string, unknown>;
      try {
        const v = JSON.parse(t);
        if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
      } catch {
        /* fallthrough */
      }
      ctx.addIssue({ code: 'custom', message: 'validation.filter_json' });
      return z.NEVER;
    }),
  orderBy: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional().transform((v) => (v ? (v.toLowerCase() as 'asc' | 'desc') : undefined)),
  sortField: z.string().max(64).regex(/^[A-Za-z][A-Za-z0-9_.]*$/).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type ListQuery = z.output<typeof zListQuery>;

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), count: z.number().int() });
export const one = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const zMessage = z.object({ message: z.string() });
/** Something named, as lists of choices answer it. */
export const zNamed = z.object({ id: z.number(), name: z.string() });
/** A link's QR code (a PNG data URL) with the link it holds. */
export const zLinkQr = one(z.object({ id: z.number(), url: z.string(), qrcode: z.string() }));
/** A write's answer: the message in the caller's language and what it saved. */
export const saved = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });
/** A live "is this name free?" check (rules 189, 219, 249): `unique` 1 when free, 0 (or 409) when taken. */
export const zUniqueCheck = saved(z.object({ unique: zFlag }));
export const zOk = z.object({ message: z.string(), data: z.unknown().optional() });

/** Error body for every failure (architecture section 4); the OpenAPI document's `ErrorBody`. */
export const zErrorBody = z.object({
  /** What went wrong, in the caller's language. */
  message: z.string(),
  /** Field (dotted path) -> its messages, in the caller's language (400, some 409). */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
  /** Two-step authentication must be set up first (403). */
  otp_error: z.boolean().optional(),
  /** What the refusal is about, when the caller needs it (e.g. the blocking rows). */
  data: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof zErrorBody>;

export const zName = z.string().trim().min(NAME_MIN).max(NAME_MAX);
export const zEmail = z.string().trim().toLowerCase().max(254).pipe(z.email({ pattern: EMAIL_PATTERN, error: 'validation.email' }));
export const zPhone = z.string().trim().regex(PHONE_PATTERN, 'validation.phone_digits');
export const zPassword = z.string().min(8, 'validation.password_min').max(200);

/** `GET /api/health`: the server is up, with its database kind and whether its job queue runs. */
/** `/api/health`: answered from the process, with the database's state from a background probe. */
/** What the console needs to know of the server's set-up (issue 15 part 4): the address its links use, and whether PUBLIC_URL set it. */
export const zConsoleConfig = z.object({ data: z.object({ public_url: z.string(), public_url_set: zFlag }) });

export const zHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  database_state: z.enum(['unknown', 'up', 'busy', 'down']),
  database_checked_at: z.string().nullable(),
  database_latency_ms: z.number().nullable(),
  jobs: z.boolean(),
  time: z.string(),
});
