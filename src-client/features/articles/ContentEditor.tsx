import "@mantine/tiptap/styles.css";
import { Input } from "@mantine/core";
import { Link, RichTextEditor, type RichTextEditorLabels } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useMemo, type ReactNode } from "react";
import { useI18n, type Translate } from "../../lib/i18n";

export interface ContentEditorProps {
  label: string;
  description: string;
  required?: boolean;
  defaultValue?: string;
  error?: ReactNode;
  onChange: (html: string) => void;
  onBlur?: () => void;
}

/** The editor's field attributes: a labelled, described multi-line text box, invalid while the form says so. */
function fieldAttributes(ids: { label: string; description: string; error: string }, required: boolean, invalid: boolean) {
  return {
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": ids.label,
    "aria-describedby": invalid ? `${ids.description} ${ids.error}` : ids.description,
    "aria-required": String(required),
    "aria-invalid": String(invalid),
  };
}

/** The toolbar's and the link editor's labels in the page's language (Mantine's English words in English). */
function toolbarLabels(t: Translate): Partial<RichTextEditorLabels> {
  return {
    boldControlLabel: t("articles.toolbar.bold"),
    italicControlLabel: t("articles.toolbar.italic"),
    underlineControlLabel: t("articles.toolbar.underline"),
    strikeControlLabel: t("articles.toolbar.strike"),
    clearFormattingControlLabel: t("articles.toolbar.clearFormatting"),
    h2ControlLabel: t("articles.toolbar.h2"),
    h3ControlLabel: t("articles.toolbar.h3"),
    h4ControlLabel: t("articles.toolbar.h4"),
    bulletListControlLabel: t("articles.toolbar.bulletList"),
    orderedListControlLabel: t("articles.toolbar.orderedList"),
    blockquoteControlLabel: t("articles.toolbar.blockquote"),
    codeControlLabel: t("articles.toolbar.code"),
    hrControlLabel: t("articles.toolbar.hr"),
    linkControlLabel: t("articles.toolbar.link"),
    unlinkControlLabel: t("articles.toolbar.unlink"),
    undoControlLabel: t("articles.toolbar.undo"),
    redoControlLabel: t("articles.toolbar.redo"),
    linkEditorInputLabel: t("articles.toolbar.linkUrl"),
    linkEditorExternalLink: t("articles.toolbar.linkExternal"),
    linkEditorInternalLink: t("articles.toolbar.linkInternal"),
    linkEditorSave: t("articles.toolbar.linkSave"),
  };
}

/**
 * The article's content as rich text (@mantine/tiptap): only what the server's allow-list keeps (paragraphs, headings 2
 * to 4, bold, italic, underline, strike, lists, quotes, code, rules and links), so that what the author sees is what is
 * published. Loaded on its own when the editor opens (ArticleEditor.tsx), never with the rest of the site.
 */
export default function ContentEditor({
  label,
  description,
  required = false,
  defaultValue = "",
  error,
  onChange,
  onBlur,
}: ContentEditorProps) {
  const base = useId();
  const ids = { label: `${base}-label`, description: `${base}-description`, error: `${base}-error` };
  const invalid = Boolean(error);
  const { t } = useI18n();
  const labels = useMemo(() => toolbarLabels(t), [t]);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
      Link.configure({ openOnClick: false, HTMLAttributes: { rel: "nofollow ugc noopener noreferrer" } }),
    ],
    content: defaultValue,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: fieldAttributes(ids, required, invalid) },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: fieldAttributes(ids, required, invalid) } });
    // ids are derived from useId and stable for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, required, invalid]);

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      required={required}
      labelElement="div"
      labelProps={{ id: ids.label, onClick: () => editor.commands.focus() }}
      descriptionProps={{ id: ids.description }}
      errorProps={{ id: ids.error }}
    >
      <RichTextEditor editor={editor} labels={labels} mt={4} data-invalid={invalid || undefined}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Code />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={280} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
