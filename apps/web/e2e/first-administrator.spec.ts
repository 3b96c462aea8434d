/**
 * A customer's first administrator: the super user (the demo administrator) creates the customer's
 * organisation in Create New Organization and invites its first administrator there; that person
 * gets the e-mailed password link (through the worker's SMTP sink), chooses a password, signs in and
 * lands in the new organisation, where they hold Administrator and nothing elsewhere. The steps live
 * in support/create-organization.ts (createOrganizationWithFirstAdministrator), for the journeys
 * that go on with the customer's first day. Map tiles are stubbed: no test needs the internet.
 */
import { expect, test } from './support/test';
import { en, organizationButton, signIn } from './support/app';
import { seriousViolations } from './support/axe-check';
import { createOrganizationWithFirstAdministrator, mailedLink } from './support/create-organization';
import { demoUser } from './support/demo-users';
import { stubTiles } from './support/map-tiles';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

const admin = demoUser('admin');
const GROWER = 'Citrus Valley Growers';

let sink: SmtpSink;
test.beforeAll(async ({ e2eServer }) => {
  sink = await startSmtpSink(e2eServer.smtpPort);
});
test.afterAll(async () => {
  await sink.close();
});

test('a super user creates an organisation and invites its first administrator, who sets a password from the e-mail and signs in to it', async ({ page, browser }) => {
  // two browsers, a mail through the sink and two sign-ins: more than the suite's 30 s on a busy machine
  test.setTimeout(120_000);
  await stubTiles(page);
  await signIn(page, admin);

  const created = await createOrganizationWithFirstAdministrator(page, browser, sink, { copyFrom: GROWER });
  const own = created.page;
  // the mail says what it is for
  expect(created.mail.text).toContain(`administrator of ${created.name}`);
  expect(created.mail.text).toContain(created.administrator.userName);

  // they belong to the new organisation only: the switcher offers nothing else
  await organizationButton(own).click();
  await expect(own.getByRole('listbox').getByRole('option')).toHaveText([created.name]);
  await own.keyboard.press('Escape');

  // and hold its Administrator role: Settings > Users lists them with it
  const sidebar = own.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Settings, { exact: true }).click();
  await sidebar.getByText(en.menu.Users, { exact: true }).click();
  const users = own.getByRole('table', { name: en.users.tableLabel });
  const row = users.getByRole('row').filter({ has: own.getByRole('cell', { name: created.administrator.userName, exact: true }) });
  await expect(row).toContainText('Administrator');
  expect(await seriousViolations(own)).toEqual([]);

  // the link worked once
  await own.goto(mailedLink(created.mail));
  await expect(own.getByText(en.passwordReset.invalidLink, { exact: true })).toBeVisible();
  await created.context.close();
});
