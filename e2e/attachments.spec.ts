import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type FileChooser, type FrameLocator, type Page } from '@playwright/test';
import { solidPng, tinyPdf } from './support/files';
import { conversationMessages, isVisitorSend, openConversation, sendVisitorMessage } from './support/widgetSession';

/** Picks files with the composer's 'Add an attachment' button, as a visitor would: they go at once. */
async function attach(page: Page, widget: FrameLocator, files: Parameters<FileChooser['setFiles']>[0]) {
  const chooser = page.waitForEvent('filechooser');
  await widget.getByRole('button', { name: 'Add an attachment' }).click();
  await (await chooser).setFiles(files);
}

test('a visitor picks a picture and a PDF: both are sent at once, with no Send to press, show in the conversation and reach the agent', async ({
  page,
}) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, 'Here are the photo and the invoice');
  const photo = solidPng(4, 3, [31, 147, 255]);
  const invoice = tinyPdf('Invoice 42');

  await attach(page, widget, [
    { name: 'photo.png', mimeType: 'image/png', buffer: photo },
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: invoice },
  ]);
  // Nothing waits in the composer: Send has nothing to send.
  await expect(widget.getByRole('button', { name: 'Send message' })).toBeDisabled();

  const log = widget.getByRole('log');
  // The picture shows as a picture (decoded from the server's copy), the PDF as a download.
  const picture = log.getByRole('img', { name: 'Picture message' });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : 'loading')))
    .toBe('4x3');
  await expect(picture).toHaveAttribute('src', /^http:\/\/localhost:\d+\/uploads\//);
  await expect(log.getByRole('link', { name: 'Download invoice.pdf' })).toBeVisible();
  await expect(log.getByText('Uploading...')).toHaveCount(0);

  // The agent sees both files, each in its own message, and they are the bytes that were sent.
  await expect
    .poll(async () =>
      (await conversationMessages(conversationId))
        .flatMap((m) => m.attachments ?? [])
        .map((a) => `${a.file_type} ${a.extension}`)
        .sort(),
    )
    .toEqual(['file pdf', 'image png']);
  const attachments = (await conversationMessages(conversationId)).flatMap((m) => m.attachments ?? []);
  for (const [fileType, sent] of [
    ['image', photo],
    ['file', invoice],
  ] as const) {
    const stored = attachments.find((a) => a.file_type === fileType)!;
    expect(stored.file_size).toBe(sent.length);
    const download = await fetch(stored.data_url);
    expect(Buffer.from(await download.arrayBuffer()).equals(sent)).toBe(true);
  }
});

test('a 50 MB file is refused with the 40 MB limit before any byte is uploaded', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, 'I have a video of the problem');
  const before = await conversationMessages(conversationId);

  // Every send from here on, text or upload, as the browser made it.
  const sends: { multipart: boolean }[] = [];
  page.on(
    'request',
    (request) => isVisitorSend(request) && sends.push({ multipart: /^multipart\/form-data/.test(request.headers()['content-type'] ?? '') }),
  );

  // On disk: Playwright hands the browser a path, so 50 MB need not cross its protocol.
  const dir = await mkdtemp(join(tmpdir(), 'wren-e2e-upload-'));
  const video = join(dir, 'problem.mp4');
  await writeFile(video, Buffer.alloc(50 * 1024 * 1024));
  try {
    await attach(page, widget, video);
    await expect(widget.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('File exceeds the 40 MB attachment limit');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const log = widget.getByRole('log');
  await expect(log.getByText('Uploading...')).toHaveCount(0);

  // A text message after the refusal: once it is stored, an upload started by the refused
  // file would have been seen too.
  await sendVisitorMessage(page, widget, 'Never mind, I will describe it');
  expect(sends).toEqual([{ multipart: false }]);
  const after = await conversationMessages(conversationId);
  expect(after.map((m) => m.content)).toEqual([...before.map((m) => m.content), 'Never mind, I will describe it']);
  expect(after.flatMap((m) => m.attachments ?? [])).toEqual([]);
});

test("an upload's bar fills as its bytes go, not as an endless animation", async ({ page, context }) => {
  const widget = await openConversation(page);
  await sendVisitorMessage(page, widget, 'The full report follows');

  // A slow uplink (256 KB/s) for the chat's own frame, so a 1.5 MB PDF takes about six seconds.
  const frame = page.frames().find((f) => new URL(f.url()).pathname === '/widget')!;
  const cdp = await context.newCDPSession(frame);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });

  const report = tinyPdf(`Report ${'x'.repeat(1_500_000)}`);
  await attach(page, widget, { name: 'report.pdf', mimeType: 'application/pdf', buffer: report });

  const bar = widget.getByRole('progressbar', { name: 'Uploading...' });
  await expect(bar).toBeVisible();
  // What the bar said while the bytes went: a value (not the indeterminate state), rising.
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const value = await bar.evaluate((el: HTMLProgressElement) => (el.hasAttribute('value') ? el.value : null)).catch(() => null);
        if (value !== null && value !== seen.at(-1)) seen.push(value);
        return seen.filter((v) => v > 0 && v < 100).length;
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(2);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));

  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(widget.getByRole('log').getByRole('link', { name: 'Download report.pdf' })).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveCount(0);
});
