import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { useRef } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { alertModal, inputModal } from '../../stores/modal.ts';
import { BulletListIcon, ImageIcon, LinkIcon, OrderedListIcon, QuoteIcon } from './toolbar-icons.tsx';

interface ToolbarProps {
  editor: Editor;
  /** Pictures picked through the toolbar's button, sent by the editor. */
  onImages: (files: File[]) => void;
  uploading: boolean;
  /** The file input's id, so that tests and assistive tools can reach it. */
  fileInputId: string;
}

interface ToolButtonProps {
  label: string;
  /** Letters the button shows (B, H2), drawn by CSS so that the name read out is the label alone. */
  glyph?: string;
  icon?: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  onPress: () => void;
}

function ToolButton({ label, glyph, icon, pressed, disabled = false, onPress }: ToolButtonProps) {
  return (
    <button
      type="button"
      className="editor-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the selection in the editor: a click would otherwise move focus before the command.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      {glyph ? <span className="editor-glyph" data-glyph={glyph} aria-hidden="true" /> : icon}
    </button>
  );
}

const LINK_PATTERN = /^(https?:\/\/|mailto:)/i;

/** Turns what a person typed into a link target: a bare domain gets https://, anything else stays out. */
export function linkTarget(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  const candidate = LINK_PATTERN.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Bold, italic, headings, lists, quote, link and picture, each saying whether it is on. */
export function EditorToolbar({ editor, onImages, uploading, fileInputId }: ToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
    }),
  });

  const chain = () => editor.chain().focus();

  const editLink = async () => {
    if (state.link) {
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    const value = await inputModal({
      title: '링크 넣기',
      label: '링크 주소',
      placeholder: 'https://',
      confirmLabel: '넣기',
      requiredMessage: '링크 주소를 입력해 주세요.',
    });
    if (value === null) {
      editor.commands.focus();
      return;
    }
    const href = linkTarget(value);
    if (!href) {
      await alertModal({ title: '링크를 넣지 못했어요', message: '웹 주소(https://…)나 메일 주소(mailto:…)를 입력해 주세요.' });
      editor.commands.focus();
      return;
    }
    if (editor.state.selection.empty) {
      chain().insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so that picking the same file again still reports a change.
    event.target.value = '';
    if (files.length > 0) onImages(files);
  };

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="본문 서식">
      <ToolButton label="굵게" glyph="B" pressed={state.bold} onPress={() => chain().toggleBold().run()} />
      <ToolButton label="기울임" glyph="I" pressed={state.italic} onPress={() => chain().toggleItalic().run()} />
      <span className="editor-tool-divider" aria-hidden="true" />
      <ToolButton label="큰 제목" glyph="H2" pressed={state.h2} onPress={() => chain().toggleHeading({ level: 2 }).run()} />
      <ToolButton label="작은 제목" glyph="H3" pressed={state.h3} onPress={() => chain().toggleHeading({ level: 3 }).run()} />
      <span className="editor-tool-divider" aria-hidden="true" />
      <ToolButton label="글머리 기호 목록" icon={<BulletListIcon />} pressed={state.bullet} onPress={() => chain().toggleBulletList().run()} />
      <ToolButton label="번호 목록" icon={<OrderedListIcon />} pressed={state.ordered} onPress={() => chain().toggleOrderedList().run()} />
      <ToolButton label="인용" icon={<QuoteIcon />} pressed={state.quote} onPress={() => chain().toggleBlockquote().run()} />
      <span className="editor-tool-divider" aria-hidden="true" />
      <ToolButton
        label={state.link ? '링크 지우기' : '링크 넣기'}
        icon={<LinkIcon />}
        pressed={state.link}
        onPress={() => void editLink()}
      />
      <ToolButton label="이미지 넣기" icon={<ImageIcon />} disabled={uploading} onPress={() => fileInput.current?.click()} />
      <input
        ref={fileInput}
        id={fileInputId}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFiles}
      />
    </div>
  );
}
