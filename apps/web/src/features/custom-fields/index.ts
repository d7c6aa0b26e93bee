/** What other console features may embed from the custom-fields area: a field's input and how its value reads. */
export { CustomFieldInput, useShowValue } from './components/CustomFieldInput';
