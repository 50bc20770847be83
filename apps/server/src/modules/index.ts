import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { accountRoutes, authRoutes, devAndCaptchaRoutes, sessionRoutes } from './auth/index.ts';
import { calculationRoutes } from './calculation/index.ts';
import { dealRoutes } from './deals/index.ts';
import { declarationRoutes } from './declarations/index.ts';
import { documentRoutes } from './documents/index.ts';
import { healthRoutes } from './health/index.ts';
import { importRoutes } from './imports/index.ts';
import { managementRoutes } from './management/index.ts';
import { partnerAdminRoutes, partnerRoutes } from './partners/index.ts';
import { paymentAdminRoutes, paymentRoutes, paymentSandboxRoutes } from './payments/index.ts';
import { referenceRoutes } from './reference/index.ts';
import { signingRoutes, signingSandboxRoutes } from './signing/index.ts';
import { tariffRoutes } from './tariffs/index.ts';

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
