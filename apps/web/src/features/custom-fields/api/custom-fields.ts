import { type CUSTOM_FIELD_TYPES, planAllowsCustomFields, type RATING_DISPLAYS, type zCustomField, type zSection, type zSectionBody, type zSectionSaved, type zUniqueCheck } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';

export type CustomField = z.infer<typeof zCustomField>;
export type Section = z.infer<typeof zSection>;
export type SectionBody = z.input<typeof zSectionBody>;
export type FieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export type RatingDisplay = (typeof RATING_DISPLAYS)[number];

/** Rule 12: custom fields need the professional or enterprise plan; the pages ask before calling (the API answers 403). */
export const useCustomFieldsAllowed = () => planAllowsCustomFields(useSession()?.plan);

export const sectionsQuery = () =>
  queryOptions({ queryKey: ['custom-fields', 'sections'], queryFn: () => http.get<{ data: Section[] }>('/api/section/with_custom_field', { forbidden: 'throw' }).then((r) => r.data) });
/** Every section with its fields; not asked on a plan without custom fields. */
export const useSections = () => useQuery({ ...sectionsQuery(), enabled: useCustomFieldsAllowed() });

/** Is a section name free (rule 219)? */
export const checkSectionName = (value: string, sectionId: number | undefined, signal?: AbortSignal) =>
  http.get<z.output<typeof zUniqueCheck>>('/api/sections/unique', { query: { value, section_id: sectionId }, signal, notFound: 'throw' });

/** The body to send a section back with its fields as they are (ids kept), e.g. to rename it or drop one field. */
export const sectionBody = (s: Section, fields: CustomField[] = s.custom_fields, value = s.value): SectionBody => ({
  value,
  custom_fields: fields.map((f) => ({
    id: f.id,
    name: f.name,
    name_i18n: f.name_i18n,
    type: f.type as FieldType,
    display: f.display as RatingDisplay | null,
    options: f.options,
    options_i18n: f.options_i18n,
    binding: f.binding,
    badge_printable: f.badge_printable,
    fillable_by_user: f.fillable_by_user,
    required_at_pre_registration: f.required_at_pre_registration,
  })),
});

export function useSaveSection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SectionBody }) =>
      // A plan changed meanwhile (rule 12) is a 403 the page words itself.
      id ? http.put<z.output<typeof zSectionSaved>>(`/api/section/${id}`, body, { forbidden: 'throw' }) : http.post<z.output<typeof zSectionSaved>>('/api/section', body, { forbidden: 'throw' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['custom-fields'] }),
  });
}

export function useDeleteSection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/section/delete_with_custom_field/${id}`, { forbidden: 'throw' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['custom-fields'] }),
  });
}
