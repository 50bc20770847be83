import type { Db } from './db.ts';
import type { DeclarationRow } from './rows.ts';

// Invoice and payment rows that several modules touch in their own transactions: tariffs (a new price voids
// the open invoices), declarations (deleting one voids them) and payments. Here, below the modules, so that
// none of them reaches into another for it.

/**
 * Voids every invoice of the declaration that could still take money (issued, or failed and so open
 * to a late success). First in its transaction: it locks invoices before payments and declarations,
 * the same order as a callback, so the two never deadlock.
 */
export async function voidOpenInvoices(t: Db, declarationId: number, reason: string, at: Date): Promise<number> {
  const rows = await t.query(
    `UPDATE payment_invoices i SET status = 'void', void_reason = $2, closed_at = $3
     FROM payments p WHERE p.id = i.payment_id AND p.declaration_id = $1 AND i.status IN ('created', 'failed')
     RETURNING i.id`,
    [declarationId, reason, at],
  );
  return rows.length;
}

/** The declaration, locked for the rest of the transaction (after its invoices: see voidOpenInvoices). */
export const lockDeclaration = (t: Db, id: number) =>
  t.one<DeclarationRow>('SELECT * FROM declarations WHERE id = $1 FOR UPDATE', [id]);

export const hasPaidPayment = async (t: Db, declarationId: number) =>
  (await t.query(`SELECT 1 FROM payments WHERE declaration_id = $1 AND status = 'paid' LIMIT 1`, [declarationId]))
    .length > 0;
