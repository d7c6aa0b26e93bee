import { flag, listOf, localized, one, PREREG_IMAGE, type RegistrationMethod, zCheckUserEntityBody, zCheckUserFoundBody, zConfirmVisitForm, zCreateExpectedVisitForm, zFlag, zFlowHostLookupBody, zHost, zHostSearchBody, zHostSettings, zId, zLang, zLinkCode, zMessage, zPreRegistered, zPreRegSettings, zPreRegUserType, zPreRegUserTypeAnswer, zRegistrationMethodCheck, zUserFound, zUserTypeCheckBody, zUserTypeCheckResult, zValidateExpectedVisitBody, zValidateUserUpdateBody, zVisitMetadata, zVisitUrl } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userTypes, users } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import { readMultipart } from '../../platform/http/multipart';
import { defineRoutes } from '../../platform/http/route';
import { parseBody } from '../../platform/http/validation';
import { checkPreRegistration, createExpectedVisit } from './create-expected-visit';
import { canSwitchType, currentCondition, hostStep, mandatoryDetails, preRegFlags } from './flow-rules';
import { hostCondition, searchHosts } from './hosts';
import { consoleHostSearch, consoleHostSettings, consoleMember, isJourneyId, zLinkCodeOrJourneyId } from './console-hosts';
import { isPublicMethod, linkFlows, offeredFlow, offeredFlowOf, offeredUserTypes } from './link';
import { presentMetadata } from './present-metadata';
import { assertLinkOpen, visitByUrl } from './visit-by-url';
import { CONFIRMATION_LINK, PREREG_LINK } from './link-kinds';
import { linkData } from '../../platform/auth/link-caller';
import { confirmVisit } from './confirm-visit';
import { safeZone } from '../../platform/time-zone';
import { assertContactsFree, findPerson } from './visit-rules';

/** Per address: 60 public calls a minute; the organisation's own limit is counted in resolveLink. */
const perAddress = { max: 60, timeWindow: 60_000, key: (req: FastifyRequest) => `prereg:${req.ip}` };
const tags = ['prereg'];
const zLangParam = z.object({ lang: zLang });
/** The visitor's photo (rule 134). */
const PHOTO = { image: { maxBytes: PREREG_IMAGE.maxBytes, types: ['image/jpeg', 'image/png'] } };
/** The confirmation form's photo, as `image` or `user[image]`. */
const CONFIRM_PHOTO = { ...PHOTO, 'user[image]': PHOTO.image };

export default defineRoutes((r, services) => {
  const db = services.database.db;

  r.route({
    method: 'GET',
    url: '/api/check_image_qr_compliance_status_in_pre_registration/{lang}/{journeyFlowId}',
    summary:
      "A pre-registration link's organisation and place and, for the chosen user type (query user_type_id, or the link's only one), its flow's compliance flags (rule 133), switching (rule 193), mandatory data and entry condition; journeyFlowId is the link code",
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'params', name: 'journeyFlowId' },
    tags,
    params: z.object({ lang: zLang, journeyFlowId: zLinkCode }),
    query: z.object({ user_type_id: zId.optional() }),
    response: one(zPreRegSettings),
    rateLimit: perAddress,
    handler: async ({ link, tenant, query, lang }) => {
      const l = linkData(link, PREREG_LINK)!;
      return tenant(async (tx) => {
        const offered = (await linkFlows(tx, l)).filter((f) => isPublicMethod(f.type.registrationMethod));
        const chosen = query.user_type_id ? await offeredFlow(tx, l, query.user_type_id) : offered.length === 1 ? offered[0] : null;
        const condition = chosen ? await currentCondition(tx, l.entity.id, chosen.flow.complianceId) : null;
        const none = { is_image_required: 0, is_qr_included: 0, is_face_id_included: 0, is_rfid_included: 0, is_compliance_required: 0, is_using_kiosk_screen: 0, enable_switch_usertype: 0 } as const;
        return {
          data: {
            code: l.link.code,
            entity_id: l.entity.id,
            entity_name: l.entity.name,
            entity_logo: l.entity.logo,
            journey_id: l.journey.id,
            journey_flow_id: chosen?.flow.id ?? null,
            user_type_id: chosen?.type.id ?? null,
            area_id: l.area?.id ?? null,
            area_name: l.area?.name ?? null,
            site_name: l.site?.name ?? null,
            timezone: safeZone(l.site?.timezone),
            expires_at: l.link.expiresAt?.toISOString() ?? null,
            ...(chosen ? preRegFlags(l.journey, chosen) : none),
            mandatory_data: chosen ? mandatoryDetails(chosen.type) : [],
            compliance:
              chosen && condition
                ? {
                    id: condition.complianceId,
                    name: localized(condition.name, condition.nameI18n, lang),
                    frequency: chosen.flow.complianceFrequency,
                    send_before_visit: chosen.flow.sendBeforeVisitMinutes,
                    reminder_interval: chosen.flow.reminderIntervalMinutes,
                    // The passing answers stay on the server.
                    questions: condition.questions.map((q) => ({ id: q.id, question: localized(q.question, q.question_i18n, lang) })),
                    agreement_text: localized(condition.agreementText, condition.agreementTextI18n, lang),
                    statement: localized(condition.statement, condition.statementI18n, lang),
                  }
                : null,
          },
        };
      });
    },
  });

  r.route({
    method: 'GET',
    url: '/api/get_pre_registration_user_type/{lang}/{id}',
    summary: "The user types a visitor may choose on a pre-registration link (its journey's flows), with their registration methods (rule 156); id is the link code",
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'params', name: 'id' },
    tags,
    params: z.object({ lang: zLang, id: zLinkCode }),
    response: listOf(zPreRegUserType),
    rateLimit: perAddress,
    handler: async ({ link, lang }) => {
      const data = await offeredUserTypes(db, linkData(link, PREREG_LINK)!, lang);
      return { data, count: data.length };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/check-change-userType-registration-method/{lang}/{id}',
    summary: 'Can a user type (id) pre-register through the link (query journey_flow_id = link code)? Rule 151',
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'query', name: 'journey_flow_id' },
    tags,
    params: z.object({ lang: zLang, id: zId }),
    query: z.object({ journey_flow_id: zLinkCode }),
    response: zRegistrationMethodCheck,
    rateLimit: perAddress,
    handler: async ({ link, params, t }) => {
      const { type } = await offeredFlowOf(db, linkData(link, PREREG_LINK)!, params.id);
      return { message: t('prereg.valid'), data: { user_type_id: type.id, registration_method: type.registrationMethod, approval_required: flag(type.registrationMethod === 'approval_required') } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/validate_user_type_pre_registration/{lang}',
    summary: 'Is this user type offered by the link for pre-registration? 400 "Registration is not available via this link." otherwise',
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'body', name: 'journey_flow_id' },
    tags,
    params: zLangParam,
    body: zUserTypeCheckBody,
    response: zPreRegUserTypeAnswer,
    rateLimit: perAddress,
    handler: async ({ link: l, body, t, lang }) => {
      const link = linkData(l, PREREG_LINK)!;
      const { flow, type } = await offeredFlowOf(db, link, body.user_type_id);
      return { message: t('prereg.valid'), data: { id: type.id, entity_id: link.entity.id, name: localized(type.name, type.nameI18n, lang), pre_registration_method: type.registrationMethod as RegistrationMethod, journey_flow_id: flow.id } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/check_user_entity/{lang}',
    summary: 'Existing-user, different-type and not-allowed checks (rules 136-138), and whether the person has a photo already (rule 134)',
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'body', name: 'journey_flow_id' },
    tags,
    params: zLangParam,
    body: zCheckUserEntityBody,
    response: one(zUserTypeCheckResult),
    rateLimit: perAddress,
    handler: async ({ link: l, tenant, body }) => {
      const link = linkData(l, PREREG_LINK)!;
      return tenant(async (tx) => {
        const { type: to } = await offeredFlow(tx, link, body.user_type_id);
        const person = await findPerson(tx, link.entity.id, { email: body.email, phone: body.phone, passportId: body.passport_id });
        if (!person) return { data: { user_exists: 0 as const, user_type: null, can_change_user_type: 1 as const, user_type_id: null, has_image: 0 as const } };
        const [from] = person.userTypeId ? await tx.select().from(userTypes).where(and(eq(userTypes.id, person.userTypeId), eq(userTypes.entityId, link.entity.id))) : [];
        return { data: { user_exists: 1 as const, user_type: from ? { name: from.name } : null, can_change_user_type: flag(canSwitchType(person, from ?? null, to)), user_type_id: person.userTypeId, has_image: flag(!!person.image) } };
      });
    },
  });

  r.route({
    method: 'POST',
    url: '/api/check_user_found/{lang}',
    summary: "Is there a person with this e-mail or phone in the organisation? Answers only found 1/0, and only within a valid pre-registration or confirmation link of that organisation (`link`: the link's code)",
    access: 'link',
    link: { kinds: [PREREG_LINK, CONFIRMATION_LINK], in: 'body', name: 'link' },
    tags,
    params: zLangParam,
    body: zCheckUserFoundBody,
    response: zUserFound,
    rateLimit: { max: 20, timeWindow: 60_000, key: (req) => `prereg-found:${req.ip}` },
    handler: async ({ link, tenant, body }) => {
      // Only within a link of the organisation it names (issue 16 part 5): another organisation's id is 404 (route.ts).
      const entity = { id: link.entityId };
      if (!body.email && !body.phone) return { data: { found: 0 as const } };
      const rows = await tenant((tx) =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.entityId, entity.id), body.email ? sql`lower(${users.email}) = ${body.email}` : eq(users.phone, body.phone!)))
          .limit(1),
      );
      return { data: { found: flag(rows.length > 0) } };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/hosts/settings/{journeyId}/{userTypeId}',
    summary:
      "Host settings of the user type's flow (rules 194, 197, 203): may the visitor skip the host, are there hosts, the note. journeyId is a link code (public form) or, for a signed-in member with the users permission, a journey id (the /add-expected-visitors form)",
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'params', name: 'journeyId', orMember: (req) => isJourneyId(String((req.params as { journeyId?: unknown }).journeyId)) },
    tags,
    params: z.object({ journeyId: zLinkCodeOrJourneyId, userTypeId: zId }),
    response: one(zHostSettings),
    rateLimit: perAddress,
    handler: async ({ link: l, tenant, params, t, actor }) => {
      if (isJourneyId(params.journeyId)) {
        const member = consoleMember(actor);
        return { data: await tenant((tx) => consoleHostSettings(tx, member.entityId, Number(params.journeyId), params.userTypeId, t)) };
      }
      const link = linkData(l, PREREG_LINK)!;
      return tenant(async (tx) => {
        const { flow } = await offeredFlow(tx, link, params.userTypeId);
        const step = hostStep(flow);
        const [any] = step.asked ? await tx.select({ id: users.id }).from(users).where(hostCondition(link.entity.id, flow)).limit(1) : [];
        const note = !step.asked ? 'journeys.hosts_none' : step.optional ? 'journeys.hosts_optional' : 'journeys.hosts_required';
        return { data: { allowNotSelectHost: flag(step.optional), hostUserTypesExist: flag(!!any), note: t(note) } };
      });
    },
  });

  r.route({
    method: 'POST',
    url: '/api/hosts/search',
    summary:
      "Search the hosts of the user type's flow by name (at least 2 characters); answers id and full name only. journey_flow_id is a link code (public form); journey_id a journey of a signed-in member with the users permission (the console form)",
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'body', name: 'journey_flow_id', orMember: (req) => !!(req.body as { journey_id?: unknown } | undefined)?.journey_id },
    tags,
    body: zHostSearchBody,
    response: listOf(zHost),
    rateLimit: perAddress,
    handler: async ({ link: l, tenant, body, actor }) => {
      if (body.journey_id) {
        const member = consoleMember(actor);
        const data = await tenant((tx) => consoleHostSearch(tx, member.entityId, body.journey_id!, body.user_type_id, body.search));
        return { data, count: data.length };
      }
      const link = linkData(l, PREREG_LINK)!;
      const data = await tenant(async (tx) => {
        const { flow } = await offeredFlow(tx, link, body.user_type_id);
        return hostStep(flow).asked ? searchHosts(tx, link.entity.id, flow, body.search) : [];
      });
      return { data, count: data.length };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/search_For_The_User_In_The_Flow_Host',
    summary: "Find one of the hosts of the user type's flow on a link by exact e-mail or phone; 404 when none",
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'body', name: 'journey_flow_id' },
    tags,
    body: zFlowHostLookupBody,
    response: one(zHost),
    rateLimit: perAddress,
    handler: async ({ link: l, tenant, body }) => {
      const link = linkData(l, PREREG_LINK)!;
      if (!body.email && !body.phone) throw notFound();
      const [row] = await tenant(async (tx) => {
        const { flow } = await offeredFlow(tx, link, body.user_type_id);
        if (!hostStep(flow).asked) return [];
        return tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(and(hostCondition(link.entity.id, flow), body.email ? sql`lower(${users.email}) = ${body.email}` : eq(users.phone, body.phone!)))
          .limit(1);
      });
      if (!row) throw notFound();
      return { data: { id: row.id, full_name: `${row.firstName} ${row.lastName}` } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/validate-expected-visit/{lang}',
    summary: 'Checks a pre-registration before it is sent: user type, host, date not past (rule 139), duplicate visit (message error_date, rules 135-136)',
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'body', name: 'journey_flow_id' },
    tags,
    params: zLangParam,
    body: zValidateExpectedVisitBody,
    response: zMessage,
    rateLimit: perAddress,
    handler: async ({ link, body, t }) => {
      await checkPreRegistration(services, linkData(link, PREREG_LINK)!, body);
      return { message: t('prereg.valid') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/create-expected-visit/{lang}',
    summary: 'Pre-register a visit (multipart form; `image` file when the flow requires a photo and the person has none, rules 134, 140)',
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'form', name: 'journey_id' },
    tags,
    params: zLangParam,
    body: zCreateExpectedVisitForm,
    multipart: { files: PHOTO },
    bodyLimit: PREREG_IMAGE.maxBytes + 512 * 1024,
    // visit_url: the visit's link (its QR code), null while the visit awaits approval: it comes with the approval mail.
    response: zPreRegistered,
    status: 201,
    rateLimit: { max: 20, timeWindow: 60_000, key: (req) => `prereg-create:${req.ip}` },
    handler: async ({ req, params, emit, t, openLink }) => {
      const form = req.isMultipart()
        ? await readMultipart(req, { fields: zCreateExpectedVisitForm, files: PHOTO })
        : { fields: parseBody(zCreateExpectedVisitForm, req.body ?? {}), files: {} as Record<string, undefined> };
      const link = linkData(await openLink(form.fields.journey_id), PREREG_LINK)!;
      // The link decides the organisation and area; a form naming others is refused, never followed.
      if (form.fields.entity_id !== undefined && form.fields.entity_id !== link.entity.id) throw notFound('prereg.not_available');
      if (form.fields.area_id !== undefined && form.fields.area_id !== link.area?.id) throw notFound('prereg.not_available');
      const v = await createExpectedVisit(services, link, form.fields, form.files.image, form.fields.lang ?? params.lang);
      emit('entity', link.entity.id, 'update', { type: 'visit', action: 'pre_registered', id: v.id });
      return {
        message: t('prereg.created'),
        data: { visit_id: v.id, visit_url: v.approvalState === 'pending' ? null : v.token, journey_stage: v.journeyStage ?? '', approval_required: flag(v.approvalState === 'pending'), expectedDateTime: v.expectedAt!.toISOString() },
      };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/visit-by-visit-url/{lang}/{visitUrl}',
    summary: 'Visit metadata behind a confirmation or compliance link (rules 142-148); query type=compliance for the compliance variant',
    access: 'link',
    link: { kinds: [CONFIRMATION_LINK], in: 'params', name: 'visitUrl', state: 'any' },
    tags,
    params: z.object({ lang: zLang, visitUrl: zVisitUrl }),
    query: z.object({ type: z.enum(['confirmation', 'compliance']).default('confirmation') }),
    response: one(zVisitMetadata),
    rateLimit: perAddress,
    handler: async ({ link, query, t }) => ({ data: presentMetadata(services, linkData(link, CONFIRMATION_LINK)!, query.type, t) }),
  });

  const confirmResponse = z.object({ message: z.string(), data: z.object({ visit_id: z.number(), is_confirmed: zFlag }) });
  const readConfirm = async (req: FastifyRequest) =>
    req.isMultipart()
      ? readMultipart(req, { fields: zConfirmVisitForm, files: CONFIRM_PHOTO })
      : { fields: parseBody(zConfirmVisitForm, req.body ?? {}), files: {} as Record<string, undefined> };

  r.route({
    method: 'POST',
    url: '/api/confirm/visit/{lang}',
    summary: 'Confirm a visit from its link (form with _method=PUT, rule 141); then the link counts as used (rule 147)',
    access: 'link',
    link: { kinds: [CONFIRMATION_LINK], in: 'form', name: 'visit_url', state: 'any' },
    tags,
    params: zLangParam,
    body: zConfirmVisitForm,
    multipart: { files: CONFIRM_PHOTO },
    bodyLimit: PREREG_IMAGE.maxBytes + 512 * 1024,
    response: confirmResponse,
    rateLimit: perAddress,
    handler: async ({ req, t, openLink }) => {
      const form = await readConfirm(req);
      const row = linkData(await openLink(form.fields.visit_url), CONFIRMATION_LINK)!;
      if (form.fields.visit_id && form.fields.visit_id !== row.visit.id) throw notFound();
      assertLinkOpen(row);
      await confirmVisit(services, row, form.fields, form.files.image ?? form.files['user[image]']);
      return { message: t('prereg.confirmed'), data: { visit_id: row.visit.id, is_confirmed: 1 as const } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/visit/confirm',
    summary: "Passport users confirm their visit (rule 141): the visit link plus the passport session of the visit's person",
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    body: zConfirmVisitForm,
    multipart: { files: CONFIRM_PHOTO },
    bodyLimit: PREREG_IMAGE.maxBytes + 512 * 1024,
    response: confirmResponse,
    rateLimit: perAddress,
    handler: async ({ req, actor, t }) => {
      const form = await readConfirm(req);
      const row = await visitByUrl(db, form.fields.visit_url);
      const owns = row.user.accountId === actor.accountId || (!!row.visit.passportId && row.visit.passportId === actor.passportId);
      if (!owns || (form.fields.visit_id && form.fields.visit_id !== row.visit.id)) throw notFound();
      assertLinkOpen(row);
      await confirmVisit(services, row, form.fields, form.files.image ?? form.files['user[image]']);
      return { message: t('prereg.confirmed'), data: { visit_id: row.visit.id, is_confirmed: 1 as const } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/validate-user-update',
    summary: "Checks the visitor's corrected e-mail and phone before confirming (rule 171)",
    access: 'link',
    link: { kinds: [CONFIRMATION_LINK], in: 'body', name: 'visit_url' },
    tags,
    body: zValidateUserUpdateBody,
    response: zMessage,
    rateLimit: perAddress,
    handler: async ({ link, tenant, body, t }) => {
      const row = linkData(link, CONFIRMATION_LINK)!;
      await tenant((tx) => assertContactsFree(tx, row.visit.entityId, { email: body.email, phone: body.phone }, row.user.id));
      return { message: t('prereg.valid') };
    },
  });
});
