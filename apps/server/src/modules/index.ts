import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { accountRoutes } from './auth/account-routes.ts';
import { devAndCaptchaRoutes } from './auth/dev-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { sessionRoutes } from './auth/session-routes.ts';
import { calculationRoutes } from './calculation/routes.ts';
import { dealRoutes } from './deals/routes.ts';
import { declarationRoutes } from './declarations/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { importRoutes } from './imports/routes.ts';
import { managementRoutes } from './management/routes.ts';
import { partnerAdminRoutes } from './partners/admin-routes.ts';
import { partnerRoutes } from './partners/routes.ts';
import { paymentAdminRoutes } from './payments/admin-routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { paymentSandboxRoutes } from './payments/sandbox-routes.ts';
import { referenceRoutes } from './reference/routes.ts';
import { signingRoutes } from './signing/routes.ts';
import { signingSandboxRoutes } from './signing/sandbox-routes.ts';
import { tariffRoutes } from './tariffs/routes.ts';

/** Every feature module, registered in one place (the authorization matrix test walks this route table). */
export async function registerModules(app: FastifyInstance, deps: Deps): Promise<void> {
  await healthRoutes(app, deps);
  await referenceRoutes(app, deps);
  await sessionRoutes(app, deps);
  await declarationRoutes(app, deps);
  await importRoutes(app, deps);
  await calculationRoutes(app, deps);
  await documentRoutes(app, deps);
  await dealRoutes(app, deps);
  await authRoutes(app, deps);
  await accountRoutes(app, deps);
  await partnerRoutes(app, deps);
  await partnerAdminRoutes(app, deps);
  await managementRoutes(app, deps);
  await tariffRoutes(app, deps);
  await paymentRoutes(app, deps);
  await paymentAdminRoutes(app, deps);
  await signingRoutes(app, deps);
  // sandbox gateways and signer pages (outside production only)
  await paymentSandboxRoutes(app, deps);
  await signingSandboxRoutes(app, deps);
  await devAndCaptchaRoutes(app, deps);
}
