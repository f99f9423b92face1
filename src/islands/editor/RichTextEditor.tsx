import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState } from 'react';
import { EditorToolbar } from './EditorToolbar.tsx';
import { uploadImage } from './image-upload.ts';

interface RichTextEditorProps {
  id: string;
  labelId: string;
  initialHtml: string;
  /** The HTML now, and whether it holds any text or picture. */
  onChange: (html: string, filled: boolean) => void;
  /** How many pictures are on their way; the form waits for them. */
  onUploading: (count: number) => void;
  onUploadError: (messages: string[]) => void;
  describedBy?: string;
  invalid: boolean;
}

const hasContent = (editor: Editor): boolean => {
  if (editor.getText().trim() !== '') return true;
  let picture = false;
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'image') picture = true;
    return !picture;
  });
  return picture;
};

const imageFiles = (list: FileList | null | undefined): File[] => Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));

/**
 * The post's body: Tiptap limited to what the server keeps (src/server/html/sanitize.ts), so what
 * is written is what is shown. Pictures go to our storage first and are placed by their URL.
 */
export function RichTextEditor({ id, labelId, initialHtml, onChange, onUploading, onUploadError, describedBy, invalid }: RichTextEditorProps) {
  const [uploads, setUploads] = useState(0);
  const pending = useRef(0);
  const editorRef = useRef<Editor | null>(null);

  const track = (delta: number) => {
    pending.current += delta;
    setUploads(pending.current);
    onUploading(pending.current);
  };

  const insertImages = async (files: File[]) => {
    if (files.length === 0) return;
    onUploadError([]);
    track(files.length);
    const problems: string[] = [];
    // In order, so that the pictures land in the order they were picked.
    for (const file of files) {
      const result = await uploadImage(file);
      track(-1);
      if (!result.ok) {
        problems.push(`${file.name}: ${result.message}`);
        continue;
      }
      const { url, width, height } = result.image;
      editorRef.current?.chain().focus().setImage({ src: url, alt: '', width, height }).createParagraphNear().run();
    }
    onUploadError(problems);
  };

  const editor = useEditor({
    // The island renders in the browser only; the first render already has the editor.
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Only what the server's allow-list keeps and the toolbar offers.
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
        HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder: '나누고 싶은 이야기를 자유롭게 적어 주세요.' }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        id,
        class: 'editor-content prose-editor',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      // Pasted or dropped pictures are uploaded like picked ones; their bytes never enter the HTML.
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        void insertImages(files);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        void insertImages(files);
        return true;
      },
    },
    onCreate: ({ editor: created }) => {
      editorRef.current = created;
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML(), hasContent(changed)),
  });
  editorRef.current = editor;

  return (
    <div className="editor" data-invalid={invalid}>
      <EditorToolbar editor={editor} onImages={(files) => void insertImages(files)} uploading={uploads > 0} fileInputId={`${id}-images`} />
      <EditorContent editor={editor} />
      <p className="editor-upload-status" role="status" aria-live="polite">
        {uploads > 0 ? `이미지를 올리는 중이에요… (${uploads}장 남음)` : ''}
      </p>
    </div>
  );
}
