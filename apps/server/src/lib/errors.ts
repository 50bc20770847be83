import { MSG } from '@deklarant/contracts';

/** An error the client sees: HTTP status + Russian message (+ field messages for 422). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (message = MSG.notFound) => new HttpError(404, message);
export const forbidden = (message = MSG.forbidden) => new HttpError(403, message);
export const unauthorized = (message = MSG.unauthorized) => new HttpError(401, message);
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(422, message, errors);
export const badRequest = (message: string) => new HttpError(400, message);
