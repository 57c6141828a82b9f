/**
 * The textarea of the forms (rjsf's `TextareaWidget`, e.g. the notes): @rjsf/mantine's, but the text is
 * local state painted at once and the form value follows in a transition, like the euro input
 * (README "Typing speed"): a keystroke no longer waits for the whole rjsf form to re-render.
 */
import { Textarea } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds, labelValue } from '@rjsf/utils';
import { startTransition, type ChangeEvent, type FocusEvent } from 'react';
import { useEchoedText } from '../common/use-echoed-text';

export function TextareaWidget(props: WidgetProps) {
  const { id, name, htmlName, value, placeholder, required, disabled, readonly } = props;
  const { label, hideLabel, rawErrors, options, onChange, onBlur, onFocus } = props;
  const [text, setText] = useEchoedText(typeof value === 'string' ? value : '');
  const emptyValue = options.emptyValue;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const next = event.currentTarget.value;
    setText(next);
    startTransition(() => onChange(next === '' ? emptyValue : next));
  };

  return (
    <Textarea
      id={id}
      name={htmlName || name}
      value={text}
      placeholder={placeholder || undefined}
      required={required}
      disabled={disabled || readonly}
      label={labelValue(label || undefined, hideLabel, false)}
      onChange={handleChange}
      onBlur={(event: FocusEvent<HTMLTextAreaElement>) => onBlur(id, event.currentTarget.value)}
      onFocus={(event: FocusEvent<HTMLTextAreaElement>) => onFocus(id, event.currentTarget.value)}
      error={rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      rows={typeof options.rows === 'number' ? options.rows : undefined}
    />
  );
}
