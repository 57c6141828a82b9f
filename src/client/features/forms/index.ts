export { FormScreen, PlainFormScreen, type FormScreenProps, type PlainFormScreenProps } from './form-screens';
