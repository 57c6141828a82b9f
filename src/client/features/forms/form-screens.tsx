/**
 * The form screens of the portal: the form engine (engine/forms) with the portal's widgets, fields and
 * block hooks (`formWidgetRegistry` of widget-registry.ts, each widget loaded when a form names it). The
 * one place the two meet: the engine never imports the widgets, the widgets never import the engine
 * (their contract is form-kit/). Routes and the screens that host a form (the back office's top-up) take
 * the form screens from here.
 */
import {
  FormScreen as EngineFormScreen,
  PlainFormScreen as EnginePlainFormScreen,
  type FormScreenProps as EngineFormScreenProps,
  type PlainFormScreenProps as EnginePlainFormScreenProps,
} from '../../engine/forms/form-screen';
import { formWidgetRegistry } from './widget-registry';

export type FormScreenProps = Omit<EngineFormScreenProps, 'widgets'>;
export type PlainFormScreenProps = Omit<EnginePlainFormScreenProps, 'widgets'>;

/** A request form of config/forms (route `/base-request/<route_name>/{-$id_acq_replay}`). */
export function FormScreen(props: FormScreenProps) {
  return <EngineFormScreen {...props} widgets={formWidgetRegistry} />;
}

/** A plain form of config/plain-forms, placed by the screen that hosts it. */
export function PlainFormScreen(props: PlainFormScreenProps) {
  return <EnginePlainFormScreen {...props} widgets={formWidgetRegistry} />;
}
