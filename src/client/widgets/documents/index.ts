/** Upload slots of the request forms (000 §5 "Files", §7; 001 §9): the rjsf field `documents` on `docs`. */
export { AnchoredSlots, DocumentsField, hasAnchoredSlots } from './documents-field';
/** One upload slot on its own: also the documents an operator asks for on a sent request (issue 26). */
export { UploadSlotCard, type UploadSlotCardProps } from './upload-slot-card';
