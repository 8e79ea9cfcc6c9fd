import { fileTypeOf } from '../../../src/widget/lib/fileType';

describe('the attachment kind of a file', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp', 'IMAGE/PNG'])('shows %s as a picture', (type) => {
    expect(fileTypeOf(type)).toBe('image');
  });

  it.each(['image/svg+xml', 'image/tiff', 'image/heic'])('shows %s as a file, as the server stores it', (type) => {
    expect(fileTypeOf(type)).toBe('file');
  });

  it.each(['video/mp4', 'video/webm', 'video/quicktime'])('shows %s as a video', (type) => {
    expect(fileTypeOf(type)).toBe('video');
  });

  it.each(['audio/mpeg', 'audio/ogg', 'audio/webm'])('shows %s as audio', (type) => {
    expect(fileTypeOf(type)).toBe('audio');
  });

  it.each(['application/pdf', 'text/plain', 'application/zip', ''])('shows %j as a file', (type) => {
    expect(fileTypeOf(type)).toBe('file');
  });
});
