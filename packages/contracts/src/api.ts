import { z } from 'zod';

/** Error body of every refused call: a Russian message, and per-field messages for 422. */
export const ErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Lists answer `{ data: [...] }`, single objects `{ data: {...} }` (the API reads data.*). */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({
      total: z.number().int(),
      page: z.number().int(),
      per_page: z.number().int(),
      last_page: z.number().int(),
    }),
  });

export const Success = z.object({ success: z.boolean(), message: z.string().optional() });

/** dd.mm.yyyy */
export const RU_DATE = /^(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.(19|20)\d{2}$/;
export const RuDate = z.string().regex(RU_DATE, 'Введите дату в формате дд.мм.гггг');
/** Non-negative decimal string with up to 4 decimals (KZT amounts). */
export const Money = z.string().regex(/^-?\d{1,16}(\.\d{1,4})?$/);
