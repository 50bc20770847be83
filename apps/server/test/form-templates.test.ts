import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTemplateDir, validateXml } from '@deklarant/documents';
import { afterEach, describe, expect, it } from 'vitest';
import { declarationsRepo } from '../src/modules/declarations/repo.ts';
import { createTestServer, signedInUser } from './helpers.ts';
import { signingKit } from './signing-kit.ts';

/** Our bundled 270.00 description, copied as if it were KGD's package (issue 17, FORM_TEMPLATES_DIR). */
const OURS = join(import.meta.dirname, '../../../packages/documents/templates');

function operatorFolder(edit: (xml: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kgd-operator-'));
  writeFileSync(join(dir, 'form_270_00_v9.xml'), edit(readFileSync(join(OURS, 'form_270_00_v2.xml'), 'utf8')));
  cpSync(join(OURS, 'form_270_00_v2_loc.xml'), join(dir, 'form_270_00_v9_loc.xml'));
  return dir;
}

describe('FORM_TEMPLATES_DIR', () => {
  afterEach(() => useTemplateDir(undefined));

  it('refuses to start with a malformed package and names the file', async () => {
    const dir = operatorFolder((x) => x.slice(0, 2000));
    await expect(createTestServer({ FORM_TEMPLATES_DIR: dir })).rejects.toThrow(
      /Шаблон формы «form_270_00_v9\.xml» не принят/,
    );
  });

  it("uses the operator's template for the XML instead of ours, with no code change", async () => {
    const dir = operatorFolder((x) => x.replace('<fno version="2"', '<fno version="9"'));
    const s = await createTestServer({ FORM_TEMPLATES_DIR: dir });
    try {
      const user = await signedInUser(s);
      const now = s.clock.now();
      const row = await declarationsRepo(s.deps.db).insert({
        user_id: user.id,
        manager_id: null,
        reporting_form_id: 3,
        type: 1,
        year: 2025,
        kgd_code_id: 1,
        broker: null,
        created_at: now,
        declaration_expired_date: new Date(now.getTime() + 10 * 86_400_000),
        personal_data: { iin: '900101300126', surname: 'Иванов', name: 'Иван', patronymic: 'Иванович' },
        status: 3,
      });
      const gen = await user.client.post(`/api/declarations/${row.id}/generate-xml`);
      expect(gen.statusCode, gen.body).toBe(200);
      const file = gen.json().data;
      const xml = (await user.client.get(`/api/${file.year}/${file.month}/${file.user_id}/${file.filename}`)).body;
      expect(xml).toContain('<fno code="270.00" formatVersion="1" version="9">');
      // the test clock's day, 15.03.2026, is the day of the download (issue 17: submit_date = that day)
      expect(xml).toContain('<field name="submit_date">15.03.2026</field>');
      expect(xml).toContain('<field name="head_name">Иванов Иван Иванович</field>');
      expect((await validateXml(xml, 3, { today: now })).errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('a declaration failing the template check cannot be signed: a Russian list of what to fix', async () => {
    const s = await createTestServer();
    try {
      const { readyToSign } = signingKit(() => s);
      const user = await signedInUser(s);
      const id = await readyToSign(user.client);
      // a surname longer than the form's 100 characters: XML well-formed, template check refuses it
      await s.deps.db.query(
        `UPDATE declarations SET personal_data = personal_data || jsonb_build_object('surname', $2::text) WHERE id = $1`,
        [id, 'Иванов'.repeat(20)],
      );
      const prep = await user.client.get(`/api/signing/${id}/prepare-for-signing`);
      expect(prep.statusCode).toBe(422);
      expect(prep.json().message).toMatch(/«Фамилия» \(форма 270\.00.*не длиннее 100 символов/);
    } finally {
      await s.close();
    }
  });
});
