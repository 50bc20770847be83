/**
 * In-memory shape of a KGD form template (the ИС СОНО client format, ../shared/research/fno-xml.md S1):
 * <fno version code startDate endDate> / <mainForm formName> + <attachmentForms><attachmentForm> /
 * <sheetGroup> / <sheet pageName width height> with <fields>, <rows><row><fields> and the printed
 * <viewItems> (rectangle, text); check/calc scripts in <scriptList>; labels in the *_loc.xml file.
 * Positions and sizes are millimetres from the page's top-left corner.
 */

/** KGD field types seen in templates (NUMERIC, TEXT, DATE, CHECKBOX, RADIO, TCHECKBOX, BARCODE...). */
export type FieldType = string;

export interface TemplateField {
  name: string;
  type: FieldType;
  /** maximum number of characters (digits for NUMERIC); absent = unlimited */
  length?: number;
  /** printed as one box per character */
  comb: boolean;
  /** value must have exactly `length` characters */
  lengthFixed: boolean;
  mandatory: boolean;
  /** decimals allowed for NUMERIC (fractionalPart) */
  fraction?: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** id in the labels file (Russian name of the field) */
  labelCode?: string;
  /** radio-button group */
  groupId?: string;
  /** reference list the value comes from, e.g. 'countries' */
  reference?: string;
  /** our own templates only: where the choice comes from (KGD templates have no such attribute) */
  source?: string;
}

export interface TemplateRect {
  x: number;
  y: number;
  width: number;
  height: number;
  /** CSS colour or null when transparent / absent */
  fill: string | null;
  border: string | null;
  borderWidth: number;
}

export interface TemplateText {
  x: number;
  y: number;
  width: number;
  height: number;
  align: 'left' | 'center' | 'right';
  valign: 'top' | 'center' | 'bottom';
  /** id in the labels file */
  code: string;
  fontSize: number;
  bold: boolean;
}

export interface TemplatePage {
  name: string;
  width: number;
  height: number;
  orientation: 'VERTICAL' | 'HORIZONTAL';
  titleCode?: string;
  /** single fields, in template order */
  fields: TemplateField[];
  /** repeated row groups (<rows><row>): each row is a list of fields with the same names per row */
  rows: TemplateField[][];
  rects: TemplateRect[];
  texts: TemplateText[];
}

export interface TemplateForm {
  /** e.g. 'form_270_04' */
  name: string;
  /** e.g. '270.04' */
  code: string;
  /** the form may be repeated (several pages of the same appendix) */
  cloneable: boolean;
  main: boolean;
  pages: TemplatePage[];
}

export interface TemplateScript {
  /** 'page_910_00_01.field_910_00_001' */
  field: string;
  type: string;
  code: string;
}

export interface FormTemplate {
  /** e.g. '270.00' */
  code: string;
  /** template version the XML must carry in <fno version> */
  version: string;
  revision?: string;
  /** validity dd.mm.yyyy as in the template */
  startDate?: string;
  endDate?: string;
  description?: string;
  /** main form first, then the appendices in template order */
  forms: TemplateForm[];
  scripts: TemplateScript[];
  /** Russian labels by code (from the *_loc.xml file, or embedded in our own templates) */
  labels: Map<string, string>;
  /**
   * The type of each label code where the *_loc.xml file gives it (LABEL, ERROR, HINT): a CHECK script's
   * message code refuses the document only when it is an ERROR
   */
  labelTypes?: Map<string, string>;
  /** Kazakh labels by code where the *_loc.xml file has them (its <kaz> list; blank ones left out) */
  kazakhLabels?: Map<string, string>;
  /** file the template was read from, for messages */
  file: string;
  /** set for our own descriptions: why the template is not KGD's */
  uncertain?: string;
}

/** Every field of a page, single and row fields. */
export const pageFields = (p: TemplatePage): TemplateField[] => [...p.fields, ...p.rows.flat()];

export const allFields = (t: FormTemplate): TemplateField[] => t.forms.flatMap((f) => f.pages.flatMap(pageFields));
