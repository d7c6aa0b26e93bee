import { Fieldset, SimpleGrid } from '@mantine/core';
import type { Section } from '../../custom-fields/api/custom-fields';
import { CustomFieldInput } from '../../custom-fields';
import type { CustomValues } from '../api/user-body';

interface Props {
  sections: Section[];
  values: CustomValues;
  errors: Record<string, string | undefined>;
  required: Set<number>;
  onChange: (fieldId: number, value: string) => void;
}

/** The organisation's custom-field sections in the user form, each field with its own control (rule 216). */
export function CustomFieldSections({ sections, values, errors, required, onChange }: Props) {
  return (
    <>
      {sections
        .filter((s) => s.custom_fields.length)
        .map((s) => (
          <Fieldset key={s.id} legend={s.value}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {s.custom_fields.map((f) => (
                <CustomFieldInput key={f.id} field={f} value={values[f.id] ?? ''} onChange={(v) => onChange(f.id, v)} error={errors[`cf.${f.id}`]} required={required.has(f.id)} />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
    </>
  );
}
