/**
 * The rjsf form of the portal: the @rjsf/mantine theme and a few templates so that a form reads like
 * the rest of the product: no schema title or technical description on top, nested objects as
 * fieldsets, one wrapper per field that the engine uses to find and focus the first invalid field, and
 * what the widgets draw after a field (the upload slots declared `after` it). The portal's named widgets
 * and fields are not imported here: the engine receives them (form-kit `FormWidgets`) and hands them
 * to rjsf with the templates of `formTemplates`.
 */
import { Box, Fieldset, Stack } from '@mantine/core';
import { withTheme } from '@rjsf/core';
import { generateTemplates } from '@rjsf/mantine/lib/templates/index.js';
import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType, WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import type { AfterField, FormWidgets } from '../../form-kit';
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

/** The object template; `afterField` (from the widgets' registry) is drawn after each top-level field that has one. */
function objectFieldTemplate(afterField: AfterField | undefined) {
  return function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
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
          {top && afterField?.has(registry, property.name) && (
            <afterField.Component field={property.name} registry={registry} />
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
  };
}

const templatesByWidgets = new WeakMap<FormWidgets, Partial<TemplatesType<FormValues>>>();

/**
 * The portal's templates for a registry of widgets: the same object for the same registry, so rjsf
 * (which compares its props deeply) keeps its registry from one render to the next.
 */
export function formTemplates(widgets: FormWidgets): Partial<TemplatesType<FormValues>> {
  let templates = templatesByWidgets.get(widgets);
  if (!templates) {
    templates = { FieldTemplate, ObjectFieldTemplate: objectFieldTemplate(widgets.afterField) };
    templatesByWidgets.set(widgets, templates);
  }
  return templates;
}

/** Mantine's password input, which no form names today (`ui:widget: password`): loaded only by a form that does. */
const MantinePasswordWidget = lazy(async () => {
  const module = await import('@rjsf/mantine/lib/widgets/PasswordWidget.js');
  return { default: module.default<FormValues> };
});
function PasswordWidget(props: WidgetProps<FormValues>) {
  return (
    <Suspense fallback={null}>
      <MantinePasswordWidget {...props} />
    </Suspense>
  );
}

/**
 * The themed rjsf `Form`: @rjsf/mantine's templates and the Mantine widgets a declaration can reach
 * without naming a widget (text, select, checkbox(es), radio, password). The engine adds, as props, the
 * portal's named widgets and fields (`FormWidgets`: the textarea is the portal's own, widgets/textarea,
 * so that typing does not wait for the form) and the templates of `formTemplates`. Mantine's colour,
 * range, file and date-time widgets are left out on purpose (they weigh about as much as the rest of the
 * theme and no form uses them: dates go through the portal's `date` widget).
 */
export const ThemedForm = withTheme<FormValues>({
  templates: generateTemplates(),
  widgets: {
    CheckboxesWidget,
    CheckboxWidget,
    PasswordWidget,
    RadioWidget,
    SelectWidget,
  },
});
