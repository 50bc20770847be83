import type { Db } from '../../db/db.ts';

export interface PartnerLinks {
  download?: string;
  mobile_download?: string;
  register?: string;
  messenger?: string;
}

export interface PartnerRow {
  id: number;
  name: string;
  title: string;
  theme: string;
  price: string | null;
  links: PartnerLinks;
  allow_upload: boolean;
  pdf_preview: boolean;
  skip_personal_data: boolean;
  redirect_to_mobile: boolean;
  api_url: string | null;
  api_key_enc: string | null;
  active: boolean;
}

/** The columns an administrator edits (the key separately: it is encrypted first). */
export type PartnerFields = Omit<PartnerRow, 'id' | 'api_key_enc'>;

const COLS = `id, name, title, theme, price::text AS price, links, allow_upload, pdf_preview, skip_personal_data,
  redirect_to_mobile, api_url, api_key_enc, active`;

export function partnersRepo(db: Db) {
  return {
    /** By bank_name, case-insensitively (halykfinance, HalykFinance, ...). */
    byName: (name: string) =>
      db.one<PartnerRow>(`SELECT ${COLS} FROM partners WHERE lower(name) = lower($1)`, [name.trim()]),
    byId: (id: number) => db.one<PartnerRow>(`SELECT ${COLS} FROM partners WHERE id = $1`, [id]),
    list: () => db.query<PartnerRow>(`SELECT ${COLS} FROM partners ORDER BY id`),
    async create(f: PartnerFields, apiKeyEnc: string | null): Promise<PartnerRow | undefined> {
      return db.one<PartnerRow>(
        `INSERT INTO partners (name, title, theme, price, links, allow_upload, pdf_preview, skip_personal_data,
           redirect_to_mobile, api_url, api_key_enc, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT DO NOTHING RETURNING ${COLS}`,
        [
          f.name.trim(),
          f.title,
          f.theme,
          f.price,
          JSON.stringify(f.links),
          f.allow_upload,
          f.pdf_preview,
          f.skip_personal_data,
          f.redirect_to_mobile,
          f.api_url,
          apiKeyEnc,
          f.active,
        ],
      );
    },
    async update(id: number, f: PartnerFields, apiKeyEnc: string | null, now: Date): Promise<PartnerRow | undefined> {
      return db.one<PartnerRow>(
        `UPDATE partners SET name = $2, title = $3, theme = $4, price = $5, links = $6, allow_upload = $7,
           pdf_preview = $8, skip_personal_data = $9, redirect_to_mobile = $10, api_url = $11, api_key_enc = $12,
           active = $13, updated_at = $14
         WHERE id = $1 RETURNING ${COLS}`,
        [
          id,
          f.name.trim(),
          f.title,
          f.theme,
          f.price,
          JSON.stringify(f.links),
          f.allow_upload,
          f.pdf_preview,
          f.skip_personal_data,
          f.redirect_to_mobile,
          f.api_url,
          apiKeyEnc,
          f.active,
          now,
        ],
      );
    },
    nameTaken: async (name: string, exceptId = 0) =>
      Boolean(
        await db.one('SELECT 1 AS x FROM partners WHERE lower(name) = lower($1) AND id <> $2', [name.trim(), exceptId]),
      ),
  };
}
