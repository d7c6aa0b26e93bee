import { and, eq } from 'drizzle-orm';
import { customFieldValues, customFields, departments, labels, sections, userLabels, userTypes, users } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { DemoSeeder } from '../../platform/seeding';

const TYPES = [
  { name: 'Staff', registrationMethod: 'not_required', gracePeriod: 60, isStaff: true, mandatoryData: ['email', 'phone'], profilePhoto: true },
  { name: 'Teacher', parent: 'Staff', registrationMethod: 'not_required', gracePeriod: 60, isStaff: true, mandatoryData: ['email'] },
  { name: 'Pupil', registrationMethod: 'by_admin', gracePeriod: 30, mandatoryData: ['id_number'] },
  { name: 'Visitor', registrationMethod: 'approval_required', gracePeriod: 120, allowSwitch: true, allowNotSelectHost: false, mandatoryData: ['email', 'phone'] },
  { name: 'Contractor', registrationMethod: 'pre_registered_only', gracePeriod: 240, allowSwitch: true, mandatoryData: ['company_name', 'phone'] },
] as const;

// first, last, type, department, labels, company
const PEOPLE: [string, string, string, string | null, string[], string | null][] = [
  ['Amira', 'Haddad', 'Teacher', 'Science', ['First aid'], null], ['Bruno', 'Costa', 'Teacher', 'Mathematics', ['Trip leader'], null],
  ['Chen', 'Wei', 'Teacher', 'Languages', [], null], ['Dana', 'Okafor', 'Staff', 'Reception', ['First aid', 'Fire warden'], null],
  ['Emeka', 'Nwosu', 'Staff', 'Facilities', ['Fire warden'], null], ['Fatima', 'Zahra', 'Staff', 'Office', [], null],
  ['Goran', 'Novak', 'Teacher', 'Physical education', ['First aid', 'Trip leader'], null], ['Hana', 'Sato', 'Teacher', 'Art', [], null],
  ['Ivan', 'Petrov', 'Staff', 'IT', [], null], ['Julia', 'Garcia', 'Teacher', 'History', ['Trip leader'], null],
  ['Kofi', 'Mensah', 'Pupil', null, ['Year 7'], null], ['Lena', 'Park', 'Pupil', null, ['Year 7'], null], ['Mateo', 'Rossi', 'Pupil', null, ['Year 7', 'Choir'], null],
  ['Nadia', 'Khan', 'Pupil', null, ['Year 8'], null], ['Omar', 'Farouk', 'Pupil', null, ['Year 8'], null], ['Priya', 'Patel', 'Pupil', null, ['Year 8', 'Choir'], null],
  ['Quentin', 'Moreau', 'Pupil', null, ['Year 9'], null], ['Rania', 'Aziz', 'Pupil', null, ['Year 9'], null], ['Sofia', 'Lindqvist', 'Pupil', null, ['Year 9'], null],
  ['Tomás', 'Herrera', 'Pupil', null, ['Year 10'], null], ['Uma', 'Reddy', 'Pupil', null, ['Year 10'], null], ['Viktor', 'Horvath', 'Pupil', null, ['Year 10'], null],
  ['Wen', 'Li', 'Pupil', null, ['Year 11'], null], ['Ximena', 'Torres', 'Pupil', null, ['Year 11'], null], ['Yusuf', 'Demir', 'Pupil', null, ['Year 11'], null],
  ['Zoe', 'Clarke', 'Pupil', null, ['Year 11', 'Choir'], null], ['Aisha', 'Bello', 'Visitor', null, ['Parent'], null], ['Ben', 'Carter', 'Visitor', null, ['Parent'], null],
  ['Carmen', 'Vidal', 'Visitor', null, ['Governor'], null], ['David', 'Cohen', 'Visitor', null, ['Inspector'], 'Education Standards Office'],
  ['Elif', 'Yilmaz', 'Visitor', null, ['Parent'], null], ['Farid', 'Rahimi', 'Visitor', null, [], 'Northfield Council'],
  ['Grace', 'Adeyemi', 'Contractor', null, ['DBS checked'], 'BrightSpark Electrical'], ['Hugo', 'Lambert', 'Contractor', null, [], 'CleanRight Services'],
  ['Ines', 'Duarte', 'Contractor', null, ['DBS checked'], 'Green Leaf Grounds'], ['Jamal', 'Hassan', 'Contractor', null, [], 'SafeLift Maintenance'],
  ['Kenji', 'Watanabe', 'Contractor', null, ['DBS checked'], 'BrightSpark Electrical'], ['Lucia', 'Ferrari', 'Staff', 'Catering', ['First aid'], null],
  ['Mohammed', 'Al-Sayed', 'Staff', 'Facilities', [], null], ['Nora', 'Berg', 'Teacher', 'Music', ['Choir'], null],
];

/** Demo people of Northfield Academy: user types (Staff › Teacher, Pupil, Visitor, Contractor) and 40 people. */
export const peopleDemo: DemoSeeder = async (services, ctx) => {
  const e = ctx.entityId;
  await withTenant(services.database.db, e, async (tx) => {
    const ids = new Map<string, number>();
    for (const [i, t] of TYPES.entries()) {
      const { parent, ...cols } = t as (typeof TYPES)[number] & { parent?: string };
      const [row] = await tx.insert(userTypes).values({ entityId: e, ...cols, mandatoryData: [...cols.mandatoryData], parentId: parent ? ids.get(parent) : null, sortOrder: i }).returning();
      ids.set(t.name, row.id);
    }
    const deptIds = new Map<string, number>();
    for (const name of new Set(PEOPLE.map((p) => p[3]).filter((d): d is string => !!d))) {
      const [d] = await tx.insert(departments).values({ entityId: e, name }).returning();
      deptIds.set(name, d.id);
    }
    const labelIds = new Map<string, number>();
    for (const name of new Set(PEOPLE.flatMap((p) => p[4]))) {
      const [l] = await tx.insert(labels).values({ entityId: e, name }).returning();
      labelIds.set(name, l.id);
    }
    const [sec] = await tx.insert(sections).values({ entityId: e, value: 'Visit details' }).returning();
    const [car] = await tx.insert(customFields).values({ entityId: e, sectionId: sec.id, name: 'Car registration', type: 'text', binding: 'car_plate', badgePrintable: true, fillableByUser: true }).returning();
    await tx.insert(customFields).values([
      { entityId: e, sectionId: sec.id, name: 'Dietary needs', type: 'checkboxes', options: ['Vegetarian', 'Vegan', 'Halal', 'Nut allergy'], fillableByUser: true, sortOrder: 1 },
      { entityId: e, sectionId: sec.id, name: 'Purpose of visit', type: 'radio', options: ['Meeting', 'Maintenance', 'Delivery', 'Event'], requiredAtPreRegistration: true, sortOrder: 2 },
      { entityId: e, sectionId: sec.id, name: 'How was your visit?', type: 'rating', display: 'smileys', sortOrder: 3 },
    ]);
    for (const [n, [first, last, type, dept, tags, company]] of PEOPLE.entries()) {
      const slug = `${first}.${last}`.toLowerCase().normalize('NFD').replace(/[^a-z.]/g, '');
      const pupil = type === 'Pupil';
      const [u] = await tx
        .insert(users)
        .values({
          entityId: e, firstName: first, lastName: last, userTypeId: ids.get(type), departmentId: dept ? deptIds.get(dept) : null, companyName: company,
          email: pupil ? null : `${slug}@${company ? company.toLowerCase().replace(/[^a-z]/g, '') + '.example' : 'northfield.example'}`,
          phone: pupil ? null : `7700900${String(100 + n)}`, phoneCode: pupil ? null : '+44', idNumber: pupil ? `NF-${2400 + n}` : type === 'Staff' || type === 'Teacher' ? `ST-${1000 + n}` : null,
          status: n === 38 ? 'archived' : 'active',
        })
        .returning();
      if (tags.length) await tx.insert(userLabels).values(tags.map((t) => ({ entityId: e, userId: u.id, labelId: labelIds.get(t)! })));
      if (type === 'Contractor' || type === 'Visitor') await tx.insert(customFieldValues).values({ entityId: e, userId: u.id, customFieldId: car.id, value: `NF${n}${String.fromCharCode(65 + (n % 26))}KX` });
    }
    // The owner is staff too.
    await tx.update(users).set({ userTypeId: ids.get('Staff') }).where(and(eq(users.entityId, e), eq(users.id, ctx.ownerUserId)));
  });
};
