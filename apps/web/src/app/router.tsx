import { SECTION_ROWS } from '@deklarant/contracts';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setBrokerEntryHandler } from '../features/onboarding/partnerEntry.ts';
import { NoB2B, UploadGate } from '../features/partners/gates.tsx';
import { brokerEntry } from '../features/partners/install.ts';
import { withCatalogues } from '../shared/i18n/index.ts';
import { Loading } from '../shared/ui/Loading.tsx';
import { NotFound } from '../shared/ui/Placeholder.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { RequireAuth } from './RequireAuth.tsx';

// Onboarding ?id=&bank_name=: the partners feature logs the broker's client in (docs/accounts.md).
setBrokerEntryHandler((id, bankName) => brokerEntry(id, bankName));

/** /management mirrors the user routes; its declaration wizard is the manager's (steps 1-4). */
function managementRoutes(): RouteObject[] {
  return userRoutes().map((r) =>
    r.path === 'declaration'
      ? { path: 'declaration', element: page(() => import('../features/management/ManagementWizard.tsx')) }
      : r,
  );
}

/** Lazily loaded screens keep the login bundle small (issue 10 budget). */
const page = (load: () => Promise<{ default: ComponentType }>): ReactNode => {
  const C = lazy(load);
  return (
    <Suspense fallback={<Loading />}>
      <C />
    </Suspense>
  );
};

const Landing = () => page(() => import('../features/landing/LandingPage.tsx'));
/** A lazy screen created once (module level), so re-renders never remount it and lose its state. */
const lazyPage = (load: () => Promise<{ default: ComponentType }>) => {
  const C = lazy(load);
  return () => (
    <Suspense fallback={<Loading />}>
      <C />
    </Suspense>
  );
};
// The signed-in layouts (header menus, dialogs, popovers) load with the first signed-in screen, not with the
// login. A signed-in address opened directly fetches its layout at start, beside the entry, not after it.
const loadAppLayout = () => import('./layouts/AppLayout.tsx').then((m) => ({ default: m.AppLayout }));
const loadAppLayoutAndTexts = withCatalogues(loadAppLayout, ['partners']);
const loadManagementLayout = () =>
  import('../features/management/ManagementLayout.tsx').then((m) => ({ default: m.ManagementLayout }));
const loadDeclarationPage = () => import('../features/declarations/DeclarationPage.tsx');
if (window.location.pathname.startsWith('/app')) void loadAppLayout();
// the wizard is where a signed-in user lands: its code loads beside the profile call, not after it
if (window.location.pathname.startsWith('/app/declaration')) void loadDeclarationPage();
if (window.location.pathname.startsWith('/management')) void loadManagementLayout();
const AppLayout = lazyPage(loadAppLayoutAndTexts);
const ManagementLayout = lazyPage(loadManagementLayout);

// the auth screens' texts, fetched with their code
const AUTH = ['auth'];
const Login = lazyPage(withCatalogues(() => import('../features/auth/LoginPage.tsx'), AUTH));
const Register = lazyPage(withCatalogues(() => import('../features/auth/RegisterPage.tsx'), AUTH));
const Reset = lazyPage(withCatalogues(() => import('../features/auth/ResetPage.tsx'), AUTH));
const SetPassword = lazyPage(withCatalogues(() => import('../features/auth/SetPasswordPage.tsx'), AUTH));
const PublicOffer = lazyPage(() => import('../features/auth/legal/PublicOfferPage.tsx'));
const Mailbox = lazyPage(() => import('../features/dev/MailboxPage.tsx'));
const Profile = lazyPage(() => import('../features/profile/ProfilePage.tsx'));
const EditPersonal = lazyPage(() => import('../features/profile/EditPersonalPage.tsx'));
const VisitHistory = lazyPage(() => import('../features/profile/VisitHistoryPage.tsx'));

const SectionListPage = lazy(() => import('../features/sections/SectionListPage.tsx'));
const DealFormPage = lazy(() => import('../features/sections/DealFormPage.tsx'));
const sectionPage = (C: typeof SectionListPage, route: string) => (
  <Suspense fallback={<Loading />}>
    <C route={route} />
  </Suspense>
);

/** Section list/create/edit routes of docs/sections.md, for every section of the one mapping. */
function sectionRoutes(): RouteObject[] {
  return SECTION_ROWS.filter((s) => s.code !== 'history').flatMap((s) => [
    { path: `${s.route}/show`, element: sectionPage(SectionListPage, s.route) },
    { path: `${s.route}/create`, element: sectionPage(DealFormPage, s.route) },
    { path: `${s.route}/:id`, element: sectionPage(DealFormPage, s.route) },
  ]);
}

/** Purchase history of a sale: purchase-transactions-currency/{dealId}/show|create|{id}. */
function historyRoutes(): RouteObject[] {
  const route = SECTION_ROWS.find((s) => s.code === 'history')?.route ?? 'purchase-transactions-currency';
  return [
    { path: `${route}/:dealId/show`, element: sectionPage(SectionListPage, route) },
    { path: `${route}/:dealId/create`, element: sectionPage(DealFormPage, route) },
    { path: `${route}/:dealId/:id`, element: sectionPage(DealFormPage, route) },
  ];
}

function userRoutes(): RouteObject[] {
  return [
    { index: true, element: <Navigate to="declaration" replace /> },
    {
      path: 'declaration',
      element: page(withCatalogues(loadDeclarationPage, ['declarations'])),
    },
    {
      path: 'uploading-file',
      element: <UploadGate>{page(() => import('../features/imports/UploadPage.tsx'))}</UploadGate>,
    },
    { path: 'payment', element: page(() => import('../features/payment/PaymentPage.tsx')) },
    { path: 'payment/status', element: page(() => import('../features/payment/PaymentStatusPage.tsx')) },
    { path: 'payment/additional', element: page(() => import('../features/payment/AdditionalPaymentPage.tsx')) },
    { path: 'tariffInformation', element: page(() => import('../features/tariffs/TariffInformationPage.tsx')) },
    { path: 'tariff', element: page(() => import('../features/payment/PaymentPage.tsx')) },
    {
      path: 'personal',
      element: (
        <NoB2B>
          <Profile />
        </NoB2B>
      ),
    },
    {
      path: 'personal/edit',
      element: (
        <NoB2B>
          <EditPersonal />
        </NoB2B>
      ),
    },
    {
      path: 'personal/history',
      element: (
        <NoB2B>
          <VisitHistory />
        </NoB2B>
      ),
    },
    ...sectionRoutes(),
    ...historyRoutes(),
    { path: '*', element: <NotFound /> },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/public-offer', element: <PublicOffer /> },
      { path: '/aitu-process', element: page(() => import('../features/signing/AituProcessPage.tsx')) },
      { path: '/dev/mailbox', element: <Mailbox /> },
    ],
  },
  {
    path: '/auth',
    element: <AuthLayout />,
    children: [
      { index: true, element: <Navigate to="login" replace /> },
      { path: 'login', element: <Login /> },
      { path: 'register', element: <Register /> },
      { path: 'reset', element: <Reset /> },
      { path: 'set-password', element: <SetPassword /> },
    ],
  },
  {
    path: '/app',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: userRoutes(),
  },
  {
    path: '/management',
    element: <ManagementLayout />,
    children: managementRoutes(),
  },
  { path: '/manager', element: page(() => import('../features/management/ManagerConsole.tsx')) },
  { element: <PublicLayout />, children: [{ path: '*', element: <NotFound /> }] },
];

export const router = createBrowserRouter(routes);
