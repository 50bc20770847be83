import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fieldError,
  lastLetterId,
  NEW_PASSWORD,
  PASSWORD,
  readCode,
  registerViaApi,
  signInWithToken,
  skipOnboarding,
  uniqueEmail,
  waitForLetter,
} from './support/accounts.ts';
import { apiCall, launch, newPage } from './support/browser.ts';

const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 375, height: 812 };

let browser: Browser;
/** One registered user shared by the tests that only need an account (few code requests: rate limits). */
let shared: { email: string; token: string };

beforeAll(async () => {
  browser = await launch();
  const email = uniqueEmail('shared');
  shared = { email, token: await registerViaApi(email) };
});
afterAll(async () => {
  await browser?.close();
});

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

describe('accounts: register, profile, change email, logout', () => {
  it('registers with the emailed code, edits personal data, changes the email via the old address and logs out', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    const email = uniqueEmail('journey');
    const newEmail = uniqueEmail('journey-new');
    await page.goto('/auth/register');
    await page.getByTestId('auth-background-register').waitFor();

    // An existing email is refused with the exact text and a login is offered.
    await page.getByLabel('Имя', { exact: true }).fill('Алия');
    await page.getByLabel('Фамилия', { exact: true }).fill('Серикова');
    // Typed with the country code, the trunk prefix 8, or bare: the same number, never a doubled 7.
    const phone = page.getByLabel('Телефон', { exact: true });
    for (const keys of ['+77012345678', '87012345678', '7012345678']) {
      await phone.focus();
      await phone.press('ControlOrMeta+a');
      await phone.press('Backspace');
      await phone.pressSequentially(keys);
      expect(await phone.inputValue(), keys).toBe('+7 (701) 234-56-78');
    }
    await page.getByLabel('Email', { exact: true }).fill(shared.email);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Повторите пароль', { exact: true }).fill(PASSWORD);
    // The personal-data consent opens its dialog; accepting ticks the box.
    await page.getByRole('button', { name: 'согласие на сбор и обработку персональных данных' }).click();
    const consent = page.getByRole('dialog');
    await consent.getByText('Согласие на сбор и обработку персональных данных').waitFor();
    await consent.getByRole('button', { name: 'Согласен' }).click();
    expect(await page.getByRole('checkbox', { name: /согласие на сбор/ }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: /публичной оферты/ }).check();
    await page.getByRole('button', { name: 'Получить код' }).click();
    const taken = page.getByRole('dialog');
    await taken.getByText('Аккаунт с адресом').waitFor();
    await taken.getByRole('button', { name: 'Close' }).or(taken.locator('.mantine-Modal-close')).first().click();
    expect(await fieldError(page, 'Email')).toContain('Такой email уже зарегистрирован');

    // A new email gets a code; the resend waits 60 s.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByRole('heading', { name: 'Подтвердите email' }).waitFor();
    expect(await page.getByTestId('resend').textContent()).toMatch(/Отправить код повторно можно через 0:5\d|1:00/);
    const code = await readCode(email);
    await page.getByLabel('Код из письма').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Код неверный').waitFor();
    await page.getByLabel('Код из письма').fill(code);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL(/\/app\//);
    expect(await token(page)).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBe('B2C');

    // Profile: the header icon leads to /app/personal; the sidebar shows the data.
    await page.getByRole('link', { name: 'Личный кабинет' }).click();
    await page.waitForURL(/\/app\/personal$/);
    const sidebar = page.getByTestId('profile-sidebar');
    await sidebar.getByText(email).waitFor();
    await sidebar.getByText('+7 (701) 234-56-78').waitFor();
    await sidebar.getByRole('link', { name: 'Редактировать данные' }).click();
    await page.waitForURL(/\/app\/personal\/edit$/);
    expect(await page.getByLabel('Телефон').inputValue()).toBe('+7 (701) 234-56-78');
    expect(await page.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);

    // Required fields and the 12-digit IIN.
    await page.getByLabel('ИИН').pressSequentially('88010130');
    await page.getByLabel('Имя').fill('');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    expect(await fieldError(page, 'ИИН', false)).toContain('Должно быть 12 символов');
    expect(await fieldError(page, 'Имя', false)).toContain('Введите данные');
    // Twelve digits with a wrong control digit (880101300123 is the right one): the Russian message under the field.
    await page.getByLabel('ИИН').press('End');
    await page.getByLabel('ИИН').pressSequentially('0124');
    await page.getByLabel('Имя').fill('Алия');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('ИИН указан неверно: проверьте цифры').waitFor();
    expect(await fieldError(page, 'ИИН', false)).toContain('ИИН указан неверно: проверьте цифры');
    await page.getByLabel('ИИН').press('End');
    await page.getByLabel('ИИН').press('Backspace');
    await page.getByLabel('ИИН').pressSequentially('3');
    expect(await page.getByLabel('ИИН').inputValue()).toBe('880101300123');
    // 'null' counts as empty.
    await page.getByLabel('Отчество').fill('null');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('personal-notice').getByText('Данные сохранены').waitFor();
    await sidebar.getByText('880101300123').waitFor();
    const me = await apiCall<{ data: { iin: string; patronymic: string | null; phone: string } }>(
      'GET',
      '/api/authenticated',
      undefined,
      (await token(page)) ?? '',
    );
    expect(me.json.data).toMatchObject({ iin: '880101300123', patronymic: null, phone: '+77012345678' });

    // Change email in 4 stages; the code goes to the OLD address.
    const before = await lastLetterId(email);
    await page.getByRole('button', { name: 'Изменить' }).click();
    await page.getByLabel('Новый email').fill(shared.email);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByText('Такой email уже зарегистрирован').waitFor();
    await page.getByLabel('Новый email').fill(newEmail);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page
      .getByTestId('code-sent-notice')
      .getByText('Код подтверждения новой почты был отправлен на старую почту.')
      .waitFor();
    const letter = await waitForLetter(email, before);
    expect(letter.to).toBe(email);
    await page.getByLabel('Код из письма').fill(letter.code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText('Код неверный').waitFor();
    await page.getByLabel('Код из письма').fill(letter.code ?? '');
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByTestId('change-email-success').getByText('Поздравляем!').waitFor();
    await sidebar.getByText(newEmail).waitFor();

    // Visit history: the registration visit; a filter change resets to page 1 and can be empty.
    await sidebar.getByRole('link', { name: 'История посещений' }).click();
    await page.getByTestId('visit-table').getByText('Успешно').first().waitFor();
    expect(await page.getByTestId('visit-table').textContent()).toMatch(/\d\d\.\d\d\.\d{4} \d\d:\d\d/);
    await page.getByLabel('Результат входа').first().click();
    await page.getByRole('option', { name: 'Неуспешные' }).click();
    await page.getByTestId('visit-empty').getByText('Результатов не найдено').waitFor();

    // Logout clears the session and goes to the landing page.
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await token(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    await context.close();
  });
});

describe('accounts: reset and set password', () => {
  it('resets the password with the emailed code, then logs in with the new one; the emailed link sets another', async () => {
    const email = uniqueEmail('reset');
    await registerViaApi(email);
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto('/auth/reset');
    await page.getByTestId('auth-background-reset').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByText('Такой email не был зарегистрирован').waitFor();

    const before = await lastLetterId(email);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из письма').waitFor();
    expect(await page.getByTestId('resend').textContent()).toContain('Отправить код повторно можно через');
    const letter = await waitForLetter(email, before);
    await page.getByLabel('Код из письма').fill(letter.code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByText('Код неверный').waitFor();
    await page.getByLabel('Код из письма').fill(letter.code ?? '');
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByLabel('Новый пароль').fill('weak');
    await page.getByLabel('Повторите пароль').fill('weak');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    expect(await fieldError(page, 'Новый пароль')).toContain('Пароль должен содержать не менее 8 символов');
    await page.getByLabel('Новый пароль').fill(NEW_PASSWORD);
    await page.getByLabel('Повторите пароль').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByTestId('reset-success').waitFor();
    await page.getByRole('link', { name: 'Войти' }).click();
    await page.waitForURL(/\/auth\/login/);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByLabel('Пароль', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(/\/app\//);

    // The same letter carries a set-password link; without a hash the view goes to the login.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth/set-password');
    await page.waitForURL(/\/auth\/login$/);
    const link = letter.text.match(/\/auth\/set-password\?hash=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link ?? '');
    await page.getByLabel('Новый пароль').fill(PASSWORD);
    await page.getByLabel('Повторите пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.waitForURL(/\/auth\/login$/);
    const res = await apiCall('POST', '/api/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    await context.close();
  });
});

describe('accounts: login errors (docs/accounts.md)', () => {
  it('blocks the account for 60 minutes after 5 wrong passwords', async () => {
    const email = uniqueEmail('blocked');
    await registerViaApi(email);
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto('/auth/login');
    for (let i = 1; i <= 4; i += 1) {
      const answer = page.waitForResponse('**/api/auth/login');
      await login(page, email, `Wrong-pass-${i}`);
      expect((await answer).status()).toBe(401);
      await page.waitForFunction(() => document.body.textContent?.includes('Неверный email или пароль'));
      expect(await fieldError(page, 'Email')).toContain('Неверный email или пароль');
    }
    await login(page, email, 'Wrong-pass-5');
    const blocked = page.getByTestId('login-blocked');
    await blocked.waitFor();
    expect(await blocked.textContent()).toContain('Учетная запись заблокирована на 60 минут');
    // Even the right password is refused while blocked.
    await blocked.getByRole('button', { name: 'Вернуться ко входу' }).click();
    await login(page, email, PASSWORD);
    await page.getByTestId('login-blocked').waitFor();
    await context.close();
  });

  it('shows each login error text in the page', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto('/auth/login');
    await page.getByTestId('onboarding-desktop').waitFor();

    // Unknown email (401): the server message on the email field.
    await login(page, uniqueEmail('unknown'), PASSWORD);
    await page.getByText('Пользователя с таким email не найдено').waitFor();
    expect(await fieldError(page, 'Email')).toContain('Пользователя с таким email не найдено');
    // Wrong password (401).
    await login(page, shared.email, 'Wrong-pass-1');
    await page.getByText('Неверный email или пароль').waitFor();

    const reply = (status: number, body: unknown) =>
      page.route('**/api/auth/login', (r) =>
        r.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
      );
    // 500 mentioning recaptcha: a notice and a fresh captcha.
    await reply(500, { message: 'reCAPTCHA verification failed' });
    await login(page, shared.email, PASSWORD);
    await page.getByTestId('login-notice').getByText('Проверка captcha не пройдена').waitFor();
    await page.unroute('**/api/auth/login');
    // Our own captcha refusal (400).
    await reply(400, { message: 'Проверка captcha не пройдена.', errors: { captcha: ['x'] } });
    await login(page, shared.email, PASSWORD);
    await page.getByTestId('login-notice').getByText('Проверка captcha не пройдена').waitFor();
    await page.unroute('**/api/auth/login');
    // Any other 500.
    await reply(500, { message: 'Внутренняя ошибка сервера. Попробуйте еще раз.' });
    await login(page, shared.email, PASSWORD);
    await page.getByText('Пользователя с таким email не найдено').waitFor();
    expect(await fieldError(page, 'Email')).toContain('Пользователя с таким email не найдено');
    await page.unroute('**/api/auth/login');
    // 403: the block screen.
    await reply(403, { message: 'Учетная запись заблокирована на 60 минут из-за неудачных попыток входа' });
    await login(page, shared.email, PASSWORD);
    await page.getByTestId('login-blocked').waitFor();
    await page.getByRole('button', { name: 'Вернуться ко входу' }).click();
    await page.unroute('**/api/auth/login');

    // must_change_password: step 2, then change-password, then a new login.
    await reply(200, { success: true, must_change_password: true });
    await login(page, shared.email, PASSWORD);
    await page.getByTestId('password-expired').getByText('Данный пароль устарел, создайте новый пароль').waitFor();
    await page.unroute('**/api/auth/login');
    let changeBody: Record<string, unknown> = {};
    await page.route('**/api/auth/change-password', (r) =>
      r.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Пароль должен отличаться от предыдущего',
          errors: { password: ['Пароль должен отличаться от предыдущего'] },
        }),
      }),
    );
    await page.getByLabel('Новый пароль').fill(PASSWORD);
    await page.getByLabel('Повторите пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Сохранить и войти' }).click();
    await page.getByText('Пароль должен отличаться от предыдущего').waitFor();
    await page.unroute('**/api/auth/change-password');
    await page.route('**/api/auth/change-password', (r) => {
      changeBody = r.request().postDataJSON() as Record<string, unknown>;
      return r.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' });
    });
    await reply(200, { success: true, token: shared.token, must_change_password: false });
    await page.getByLabel('Новый пароль').fill(NEW_PASSWORD);
    await page.getByLabel('Повторите пароль').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Сохранить и войти' }).click();
    await page.waitForURL(/\/app\//);
    expect(changeBody).toEqual({
      email: shared.email,
      old_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    await context.close();
  });
});

describe('onboarding', () => {
  it('on a 375 px viewport: swipe, Далее, indicator, Пропустить; not shown twice; replay without Пропустить', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    await page.goto('/auth/login');
    const slides = page.getByTestId('onboarding-mobile');
    await slides.waitFor();
    const current = () => slides.getAttribute('data-slide');
    const indicator = page.getByTestId('onboarding-indicator');
    expect(await indicator.getByRole('listitem').count()).toBe(5);
    expect(await indicator.locator('[aria-current="step"]').getAttribute('aria-label')).toBe('Шаг 1 из 5');
    await page.getByRole('heading', { name: 'Добро пожаловать в Декларант' }).waitFor();

    await page.getByRole('button', { name: 'Далее' }).click();
    expect(await current()).toBe('1');
    expect(await indicator.locator('[aria-current="step"]').getAttribute('aria-label')).toBe('Шаг 2 из 5');
    await page.getByRole('heading', { name: 'Выберите форму, год и тип декларации' }).waitFor();

    const swipe = async (dx: number) => {
      await page.mouse.move(200, 400);
      await page.mouse.down();
      await page.mouse.move(200 + dx / 2, 402, { steps: 4 });
      await page.mouse.move(200 + dx, 404, { steps: 4 });
      await page.mouse.up();
    };
    await swipe(-150);
    expect(await current()).toBe('2');
    await page.getByRole('heading', { name: 'Получите данные из банка или загрузите отчет брокера' }).waitFor();
    await swipe(150);
    expect(await current()).toBe('1');
    await swipe(-20); // too short: no change
    expect(await current()).toBe('1');

    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.getByTestId('login-form').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('onboarding_seen'))).toBe('1');
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('onboarding-mobile').count()).toBe(0);

    // Replay: completed, so no Skip; Далее to the end, then 'Начать' back to the login.
    await page.getByRole('link', { name: 'Как работает сервис' }).click();
    await slides.waitFor();
    expect(await page.getByRole('button', { name: 'Пропустить' }).count()).toBe(0);
    for (let i = 0; i < 4; i += 1) await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('heading', { name: 'Подпишите и отправьте онлайн' }).waitFor();
    await page.getByRole('button', { name: 'Начать' }).click();
    await page.getByTestId('login-form').waitFor();
    await context.close();
  });

  it('marks the onboarding complete for a logged-in user', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    await page.goto('/');
    await signInWithToken(page, shared.token);
    await page.goto('/auth/register');
    await page.getByTestId('onboarding-mobile').waitFor();
    const done = page.waitForResponse('**/api/account/complete-onboarding');
    await page.getByRole('button', { name: 'Пропустить' }).click();
    expect((await done).status()).toBe(200);
    await page.waitForURL(/\/auth\/login$/);
    const me = await apiCall<{ data: { is_onboarding_completed: boolean } }>(
      'GET',
      '/api/authenticated',
      undefined,
      shared.token,
    );
    expect(me.json.data.is_onboarding_completed).toBe(true);
    await context.close();
  });

  it('on a 1440 px viewport: slides beside the card, 10 s each, cycling back to slide 1', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto('/auth/login');
    const show = page.getByTestId('onboarding-desktop');
    await show.waitFor();
    const card = page.getByTestId('auth-card');
    const [a, b] = [await show.boundingBox(), await card.boundingBox()];
    expect(a && b && a.x + a.width <= b.x).toBe(true);
    expect(await show.getAttribute('data-interval')).toBe('10000');
    expect(await show.getAttribute('data-slide')).toBe('0');
    const t0 = Date.now();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="onboarding-desktop"]')?.getAttribute('data-slide') === '1',
      undefined,
      { timeout: 13_000 },
    );
    const waited = Date.now() - t0;
    expect(waited).toBeGreaterThan(8_000);
    // From the last slide it cycles back to slide 1.
    await show.getByRole('listitem', { name: 'Шаг 5 из 5' }).click();
    expect(await show.getAttribute('data-slide')).toBe('4');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="onboarding-desktop"]')?.getAttribute('data-slide') === '0',
      undefined,
      { timeout: 13_000 },
    );
    await context.close();
  });
});

describe('public pages', () => {
  it('shows the public offer with its terms and the development mailbox', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    await skipOnboarding(context);
    await page.goto('/public-offer');
    await page.getByRole('heading', { name: 'Согласие', exact: true }).waitFor();
    const offer = (await page.getByTestId('public-offer').textContent()) ?? '';
    for (const term of [
      '1 (одного) рабочего дня',
      '9:00',
      'по времени Алматы',
      '5 (пяти) лет',
      'не менее 3 (трех) лет',
      'более 1 (одного) месяца',
      '20 000 ₸',
      '8 000 ₸',
      '2 000 ₸',
      'от 100 000 ₸',
      'от 250 000 ₸',
      'от 450 000 ₸',
    ]) {
      expect(offer).toContain(term);
    }
    await page.goto(`/dev/mailbox?email=${encodeURIComponent(shared.email)}`);
    await page.getByText('Почтовый ящик разработки').first().waitFor();
    await page.getByTestId('dev-letter-code').first().waitFor();
    expect(await page.locator('iframe[sandbox=""]').count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('register on a phone', () => {
  it('at 375 px ends on the success step, then goes to /app', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    await skipOnboarding(context);
    const email = uniqueEmail('mobile');
    await page.goto('/auth/register');
    await page.getByLabel('Имя', { exact: true }).fill('Ержан');
    await page.getByLabel('Фамилия', { exact: true }).fill('Ахметов');
    await page.getByLabel('Телефон', { exact: true }).pressSequentially('7771234567');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Повторите пароль', { exact: true }).fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'Получить код' }).click();
    expect(await fieldError(page, 'Повторите пароль')).toContain('Пароли не совпадают');
    expect(await fieldError(page, 'Имя')).toBe('');
    await page.getByLabel('Повторите пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /согласие на сбор/ }).check();
    await page.getByRole('checkbox', { name: /публичной оферты/ }).check();
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из письма').fill(await readCode(email));
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByTestId('register-success').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Перейти в личный кабинет' }).click();
    await page.waitForURL(/\/app\//);
    await context.close();
  });
});
