/**
 * The rjsf form of the portal: the @rjsf/mantine theme with the portal's widgets and fields
 * (src/client/widgets) and a few templates so that a form reads like the rest of the product:
 * no schema title or technical description on top, nested objects as fieldsets, one wrapper per
 * field that the engine uses to find and focus the first invalid field, and the upload slots declared
 * `after` a field drawn right after it.
 */
import { Box, Fieldset, Stack } from '@mantine/core';
import { withTheme } from '@rjsf/core';
import { generateTemplates } from '@rjsf/mantine/lib/templates/index.js';
import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import PasswordWidget from '@rjsf/mantine/lib/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { AnchoredSlots, TextareaWidget, formFields, formWidgets, hasAnchoredSlots } from '../../widgets';
import type { FormValues } from './validators';

/** The rendered fields' wrapper: `data-field="fornitore.p_iva"`, the path of the field. */
export const FIELD_ATTRIBUTE = 'data-field';

function FieldTemplate(props: FieldTemplateProps) {
  const { hidden, children, help, fieldPathId, classNames, style } = props;
  const path = fieldPathId.path.map(String).join('.');
  if (hidden) return <Box display="none">{children}</Box>;
  // Widgets show their own errors (Mantine's `error` prop, linked by aria-describedby); the blocks read
  // theirs from the engine context. `errors` (rjsf's hidden list) is therefore not rendered twice.
  return (
    <div className={classNames} style={style} {...{ [FIELD_ATTRIBUTE]: path }}>
      {children}
      {help}
    </div>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, title, fieldPathId, uiSchema, registry } = props;
  const top = fieldPathId.path.length === 0;
  // Fields drawn by a block (`ui:field: consumed`) render nothing: no empty, spaced box for them.
  const consumed = (name: string) =>
    (uiSchema?.[name] as Record<string, unknown> | undefined)?.['ui:field'] === 'consumed';
  // Upload slots declared `after` a top-level field are drawn right after it (UploadSlot.after).
  const content = properties
    .filter((property) => !property.hidden && !consumed(property.name))
    .map((property) => (
      <Box key={property.name}>
        {property.content}
        {top && hasAnchoredSlots(registry, property.name) && (
          <AnchoredSlots field={property.name} registry={registry} />
        )}
      </Box>
    ));
  // The schema's own title and description are technical (the payload's): the screen has its title.
  if (top) return <Stack gap="lg">{content}</Stack>;
  return (
    <Fieldset legend={title} variant="unstyled" p={0}>
      <Stack gap="md">{content}</Stack>
    </Fieldset>
  );
}

const templates: Partial<TemplatesType<FormValues>> = { FieldTemplate, ObjectFieldTemplate };

/**
 * The themed rjsf `Form`: @rjsf/mantine's templates and the Mantine widgets a declaration can reach
 * without naming a widget (text, select, checkbox(es), radio, password; the textarea is the portal's own,
 * widgets/textarea, so that typing does not wait for the form), the portal's named
 * widgets and fields, the templates above. Mantine's colour, range, file and date-time widgets are
 * left out on purpose (they weigh about as much as the rest of the theme and no form uses them: dates
 * go through the portal's `date` widget).
 */
export const ThemedForm = withTheme<FormValues>({
  templates: { ...generateTemplates(), ...templates },
  widgets: {
    CheckboxesWidget,
    CheckboxWidget,
    PasswordWidget,
    RadioWidget,
    SelectWidget,
    TextareaWidget,
    ...formWidgets,
  },
  fields: formFields,
});
