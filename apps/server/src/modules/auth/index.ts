// The public surface of the auth module: other modules import only from here (scripts/module-index.mjs).
export { accountRoutes } from './account-routes.ts';
export { CODE_PURPOSE, codesService, wrongCode } from './codes.ts';
export { devAndCaptchaRoutes } from './dev-routes.ts';
export { actorOf, bearerToken, requireAdmin, requireUser } from './guard.ts';
export { loginGuard } from './login-guard.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { authRateLimit, authRoutes } from './routes.ts';
export { sessionRoutes } from './session-routes.ts';
export { createSession, findSession, revokeSession } from './sessions.ts';
export { type UserRow, usersRepo } from './users-repo.ts';
