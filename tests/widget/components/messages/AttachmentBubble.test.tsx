// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import type { Attachment, FileType } from '../../../../src/shared/types';
import { AttachmentBubble, attachmentSummary } from '../../../../src/widget/components/messages/AttachmentBubble';
import { attachmentName, locationUrl } from '../../../../src/widget/components/messages/attachmentDetails';
import { LABELS } from './fixtures';

const attachment = (fields: Partial<Attachment> = {}): Attachment => ({
  id: 1,
  message_id: 700,
  account_id: 1,
  file_type: 'file',
  data_url: 'https://files.example/blobs/abc/Quarterly%20report.pdf',
  ...fields,
});

const show = (fields: Partial<Attachment> = {}, props: { uploading?: boolean; progress?: number } = {}) =>
  render(<AttachmentBubble attachment={attachment(fields)} labels={LABELS} {...props} />);

describe('an attachment bubble', () => {
  it("shows a picture's thumbnail as 'Picture message', opening the full size in a new tab", () => {
    show({
      file_type: 'image',
      data_url: 'https://files.example/full.png',
      thumb_url: 'https://files.example/thumb.png',
      width: 800,
      height: 600,
    });
    const image = screen.getByRole('img', { name: 'Picture message' });
    expect(image.getAttribute('src')).toBe('https://files.example/thumb.png');
    const link = screen.getByRole('link', { name: 'Picture message' });
    expect(link.getAttribute('href')).toBe('https://files.example/full.png');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('uses the full picture when there is no thumbnail', () => {
    show({ file_type: 'image', data_url: '/uploads/full.png', thumb_url: '' });
    expect(screen.getByRole('img', { name: 'Picture message' }).getAttribute('src')).toBe('/uploads/full.png');
  });

  it('falls back to a file with Download when the picture cannot load', () => {
    show({ file_type: 'image', data_url: 'https://files.example/full.png' });
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('link', { name: 'Download full.png' })).toBeTruthy();
  });

  it("plays audio with controls, named 'Audio message'", () => {
    const { container } = show({ file_type: 'audio', data_url: 'https://files.example/note.ogg' });
    const audio = container.querySelector('audio')!;
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('aria-label')).toBe('Audio message');
    expect(audio.getAttribute('src')).toBe('https://files.example/note.ogg');
  });

  it("plays video with controls, named 'Video message'", () => {
    const { container } = show({ file_type: 'video', data_url: 'https://files.example/clip.mp4' });
    const video = container.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('aria-label')).toBe('Video message');
  });

  it("shows a file's name and extension with a Download link, as a 'File Attachment'", () => {
    show({ extension: 'pdf' });
    expect(screen.getByRole('group', { name: 'File Attachment' })).toBeTruthy();
    expect(screen.getByText('Quarterly report.pdf')).toBeTruthy();
    expect(screen.getByText('PDF')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download Quarterly report.pdf' });
    expect(download.textContent).toBe('Download');
    expect(download.getAttribute('download')).toBe('Quarterly report.pdf');
    expect(download.getAttribute('href')).toBe('https://files.example/blobs/abc/Quarterly%20report.pdf');
  });

  it("shows 'Location' with its title linking to a map at its coordinates", () => {
    show({ file_type: 'location', coordinates_lat: 52.52, coordinates_long: 13.405, fallback_title: 'Berlin office', data_url: '' });
    expect(screen.getByText('Location')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Berlin office' });
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=52.52&mlon=13.405#map=16/52.52/13.405');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("shows a shared URL after 'has shared a url'", () => {
    show({ file_type: 'fallback', data_url: 'https://news.example/story', fallback_title: 'Big story' });
    expect(screen.getByText('has shared a url')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Big story' }).getAttribute('href')).toBe('https://news.example/story');
  });

  it('never links a shared javascript: URL', () => {
    show({ file_type: 'fallback', data_url: 'javascript:alert(1)', fallback_title: 'Click' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Click')).toBeTruthy();
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>'])('offers no download for a %s file URL', (dataUrl) => {
    show({ data_url: dataUrl, fallback_title: 'x.pdf' });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("shows 'Uploading...' with the file's name and a progress bar as a status", () => {
    const { container } = show(
      { file_type: 'image', data_url: 'blob:https://widget.example/1', fallback_title: 'cat.png' },
      { uploading: true, progress: 40 },
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Uploading...');
    expect(status.textContent).toContain('cat.png');
    expect(container.querySelector('progress')?.getAttribute('value')).toBe('40');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows an indeterminate progress bar when progress is unknown', () => {
    const { container } = show({ fallback_title: 'a.pdf' }, { uploading: true });
    expect(container.querySelector('progress')?.hasAttribute('value')).toBe(false);
  });
});

describe('attachment summaries', () => {
  it.each([
    ['image', 'Picture message'],
    ['audio', 'Audio message'],
    ['video', 'Video message'],
    ['file', 'File Attachment'],
    ['location', 'Location'],
    ['fallback', 'has shared a url'],
  ] as [FileType, string][])('names a %s attachment %j', (fileType, label) => {
    expect(attachmentSummary({ file_type: fileType }, LABELS)).toBe(label);
  });

  it('names a file after its URL, decoded, or the fallback', () => {
    expect(attachmentName({ data_url: 'https://x.example/a/b%20c.txt?sig=1' }, 'File')).toBe('b c.txt');
    expect(attachmentName({ data_url: '' }, 'File')).toBe('File');
    expect(attachmentName({ data_url: 'blob:x', fallback_title: 'mine.txt' }, 'File')).toBe('mine.txt');
  });

  it('gives no map link without valid coordinates', () => {
    expect(locationUrl({})).toBeUndefined();
    expect(locationUrl({ coordinates_lat: 100, coordinates_long: 0 })).toBeUndefined();
  });
});
