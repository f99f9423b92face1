import { describe, expect, it } from 'vitest';
import { displayName } from '../../src/server/modules/inquiries/attachments.ts';
import { inquiryFormRules } from '../../src/server/modules/inquiries/form-rules.ts';
import { formatFileSize, isAcceptedFile, pickFiles } from '../../src/islands/inquiry/inquiry-files.ts';
import { testConfig } from '../helpers/test-app.ts';

const MB = 1024 * 1024;
const rules = inquiryFormRules(testConfig({ bodyLimitBytes: 32 * MB }));
const sized = (name: string, bytes: number, type = '') => new File([new Uint8Array(bytes)], name, { type });

describe('the inquiry form’s attachment checks', () => {
  it('takes images and PDFs by their type, or by the name when the type is empty', () => {
    expect(isAcceptedFile(sized('a.jpg', 1, 'image/jpeg'))).toBe(true);
    expect(isAcceptedFile(sized('a.pdf', 1, 'application/pdf'))).toBe(true);
    expect(isAcceptedFile(sized('scan.PDF', 1))).toBe(true);
    expect(isAcceptedFile(sized('photo.heic', 1, 'image/heic'))).toBe(false);
    expect(isAcceptedFile(sized('notes.txt', 1, 'text/plain'))).toBe(false);
    expect(isAcceptedFile(sized('notes.png', 1, 'text/plain'))).toBe(false);
  });

  it('says why each refused file was left out, and keeps within the count and the request size', () => {
    const picked = [
      sized('ok.png', 10, 'image/png'),
      sized('memo.txt', 10, 'text/plain'),
      sized('huge.pdf', 10 * MB + 1, 'application/pdf'),
      sized('two.pdf', 10, 'application/pdf'),
    ];
    const { accepted, problems } = pickFiles(picked, { count: 3, newBytes: 0 }, rules);
    expect(accepted.map((file) => file.name)).toEqual(['ok.png', 'two.pdf']);
    expect(problems).toEqual([
      '‘memo.txt’ 파일은 첨부할 수 없어요. 이미지(JPG, PNG, WEBP, GIF) 또는 PDF 파일만 첨부할 수 있어요.',
      '‘huge.pdf’: 첨부파일은 한 개에 10MB 이하로 올려 주세요.',
    ]);

    const full = pickFiles([sized('a.pdf', 1, 'application/pdf'), sized('b.pdf', 1, 'application/pdf')], { count: 4, newBytes: 0 }, rules);
    expect(full.accepted.map((file) => file.name)).toEqual(['a.pdf']);
    expect(full.problems).toEqual(['첨부파일은 5개까지 올릴 수 있어요.']);

    const heavy = pickFiles([sized('c.pdf', 9 * MB, 'application/pdf')], { count: 3, newBytes: 27 * MB }, rules);
    expect(heavy.accepted).toEqual([]);
    expect(heavy.problems).toEqual(['새로 올리는 첨부파일은 모두 합쳐 31MB까지 한 번에 보낼 수 있어요.']);
  });

  it('writes sizes the way people read them', () => {
    expect(formatFileSize(512)).toBe('512B');
    expect(formatFileSize(812 * 1024)).toBe('812KB');
    expect(formatFileSize(10 * MB)).toBe('10MB');
    expect(formatFileSize(3.44 * MB)).toBe('3.4MB');
  });
});

describe('the stored name of an attachment', () => {
  it('is the file name alone, composed (NFC), without control characters, and never empty', () => {
    const decomposed = '영수증.pdf'.normalize('NFD');
    expect(displayName(decomposed)).toBe('영수증.pdf'.normalize('NFC'));
    expect(displayName('C:\\Users\\me\\Desktop\\scan.pdf')).toBe('scan.pdf');
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('bad\u0000name\n.png')).toBe('badname.png');
    expect(displayName('   ')).toBe('첨부파일');
    expect(Array.from(displayName('가'.repeat(300)))).toHaveLength(200);
  });
});
