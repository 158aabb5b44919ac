import { type QrType } from '../../api/types';
import { type FieldErrors } from './field-errors';

export interface ContentEditorProps {
  type: QrType;
  content: Record<string, unknown>;
  onContent: (content: Record<string, unknown>) => void;
  errors: FieldErrors;
  disabled?: boolean;
  /** The code exists: what is fixed at creation (a gs1 code's GTIN and qualifiers) is shown, not edited. */
  editing?: boolean;
}
