/** Upload slots of the request forms (000 §5 "Files", §7; 001 §9): the rjsf field `documents` on `docs`. */
export { AnchoredSlots, DocumentsField, hasAnchoredSlots } from './documents-field';
