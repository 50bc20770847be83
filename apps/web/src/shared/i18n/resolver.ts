import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { localizeMessage } from './i18n.ts';

function localizeErrors(errors: FieldErrors): FieldErrors {
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    const e = value as { message?: unknown; types?: unknown };
    if (typeof e.message === 'string') e.message = localizeMessage(e.message);
    else localizeErrors(value as FieldErrors);
  }
  return errors;
}

/**
 * zodResolver whose messages are in the active language: the shared schemas (packages/contracts) speak the
 * Russian catalogue, which is the message id (packages/i18n/src/reverse.ts). Typed as zodResolver itself
 * (every overload), so a form's input and output types are inferred from the schema as before.
 */
export const localizedResolver = ((...args: unknown[]) => {
  const resolve = (zodResolver as unknown as (...a: unknown[]) => Resolver<FieldValues>)(...args);
  const localized: Resolver<FieldValues> = async (values, context, options) => {
    const result = await resolve(values, context, options);
    localizeErrors(result.errors as FieldErrors);
    return result;
  };
  return localized;
}) as typeof zodResolver;
