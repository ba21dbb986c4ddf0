import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { activationLinkFromMail } from '../support/mailbox.ts';
import { DEMO, signIn } from '../support/session.ts';
import { watchToast } from '../support/toast.ts';

/** A small solid PNG (RGB, 8 bits) of `width`×`height`. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

test('an owner sets the header and a logo, adds a recipient, and the recipient activates by the e-mailed link', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/setting/header');
  await page.getByTestId('header-companyTitle').fill('光明照明 · Lichtwerk Müller');
  await page.getByTestId('header-signatoryName').fill('Ana Núñez');
  const saved = await watchToast(page, 'Header saved');
  await page.getByTestId('header-save').click();
  await saved.shown();

  // The choose button spins (an antd icon with role img) until the upload is stored; wait for the
  // toast, then look for the picture by its name.
  const logoSaved = await watchToast(page, 'Logo saved');
  await page
    .getByTestId('logo-logo-file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(216, 162) });
  await logoSaved.shown();
  await expect(page.getByTestId('logo-logo').getByRole('img', { name: 'Logo', exact: true })).toBeVisible();
  await expect(page.getByTestId('logo-logo')).toContainText('This one is 216×162');

  const address = `header-${Date.now()}@example.test`;
  await page.getByTestId('recipient-email').fill(address);
  await page.getByTestId('recipient-add-submit').click();
  const row = page.getByTestId('recipient-table').getByRole('row', { name: new RegExp(address) });
  await expect(row.getByTestId('recipient-status')).toHaveText('Waiting for activation');

  const link = await activationLinkFromMail(address);
  const visitor = await browser.newContext({ locale: 'en-US' });
  const open = await visitor.newPage();
  await open.goto(link);
  await expect(open.getByTestId('activation-result')).toContainText('Activation successful');
  await expect(open.getByTestId('activation-result')).toContainText(address);
  await visitor.close();

  await page.reload();
  await expect(page.getByTestId('header-companyTitle')).toHaveValue('光明照明 · Lichtwerk Müller');
  await expect(
    page
      .getByTestId('recipient-table')
      .getByRole('row', { name: new RegExp(address) })
      .getByTestId('recipient-status'),
  ).toHaveText('Active');
});
