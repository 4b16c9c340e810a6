import { Input, Progress, Text } from "@mantine/core";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { ID_DOCUMENT_ACCEPT } from "../../../src/schemas/applications";
import { redirectToLogin } from "../../lib/auth";
import { useI18n } from "../../lib/i18n";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { UploadError, uploadFile } from "../../lib/upload";
import type { MessageId } from "../../../src/i18n/messages/en";

/** Where a Seer's ID document and a vendor's registration document go (the same kind: JPEG, PNG or PDF, 10 MB). */
const ID_DOCUMENT: UploadTarget = {
  endpoint: "/api/upload/id-document",
  field: "idDocument",
  failed: { title: "apply.upload.failedTitle", message: "apply.upload.failed" },
};

/** Where a file goes (the upload route and its form field), and the toast when it fails (the catalog's ids). */
export interface UploadTarget {
  endpoint: string;
  field: string;
  failed: { title: MessageId; message: MessageId };
}

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; fileName: string; percent: number }
  | { status: "done"; fileName: string }
  | { status: "failed"; fileName: string; detail: string };

/**
 * One document sent to the uploads as soon as it is chosen, with its progress: `onUploaded` gets the stored file's
 * URL, `onCleared` is called when another file replaces it. A 401 asks for a new sign-in; leaving the page cancels.
 */
export function useDocumentUpload(onUploaded: (url: string) => void, onCleared: () => void, target: UploadTarget = ID_DOCUMENT) {
  const { t } = useI18n();
  const [upload, setUpload] = useState<UploadState>({ status: "idle" });
  const abortRef = useRef<(() => void) | null>(null);
  const cancelRedirect = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      abortRef.current?.();
      cancelRedirect.current?.();
    },
    [],
  );

  function onFile(file: File) {
    abortRef.current?.();
    onCleared();
    setUpload({ status: "uploading", fileName: file.name, percent: 0 });
    const { done, abort } = uploadFile(target.endpoint, target.field, file, (percent) =>
      setUpload((current) => (current.status === "uploading" ? { ...current, percent } : current)),
    );
    abortRef.current = abort;
    done.then(
      (url) => {
        onUploaded(url);
        setUpload({ status: "done", fileName: file.name });
      },
      (error: unknown) => {
        const status = error instanceof UploadError ? error.status : 0;
        if (status === 0 && error instanceof UploadError && error.detail === "Upload cancelled") return;
        if (status === 401) {
          notify(messages.unauthorized, "destructive");
          cancelRedirect.current = redirectToLogin();
        } else {
          notify({ title: t(target.failed.title), message: t(target.failed.message) }, "destructive");
        }
        const detail = error instanceof UploadError && status >= 400 && status < 500 ? error.detail : t(target.failed.message);
        setUpload({ status: "failed", fileName: file.name, detail });
      },
    );
  }

  return { upload, onFile };
}

/** The file field of a document, with its progress and what was uploaded. */
export function DocumentField({
  label,
  description,
  upload,
  error,
  onFile,
  accept = ID_DOCUMENT_ACCEPT,
  required = true,
}: {
  label: string;
  description: string;
  upload: UploadState;
  error: React.ReactNode;
  onFile: (file: File) => void;
  /** The file types offered (the server judges the bytes anyway). */
  accept?: string;
  required?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const shownError = error ?? (upload.status === "failed" ? upload.detail : undefined);
  const hasError = Boolean(shownError);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (file) onFile(file);
  };
  return (
    <Input.Wrapper id={id} label={label} description={description} required={required} error={shownError}>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={hasError ? `${id}-description ${id}-error` : `${id}-description`}
        aria-invalid={hasError}
        onChange={onChange}
        disabled={upload.status === "uploading"}
        // As wide as the form at most: the browser writes its own button and "no file" words, longer in French.
        style={{ display: "block", marginTop: 6, maxWidth: "100%" }}
      />
      {upload.status === "uploading" && (
        <Progress
          mt="xs"
          value={upload.percent}
          animated
          aria-label={t("apply.upload.progress", { fileName: upload.fileName })}
        />
      )}
      {upload.status === "done" && (
        <>
          <Progress mt="xs" value={100} color="forest" aria-label={t("apply.upload.complete", { fileName: upload.fileName })} />
          <Text size="sm" c="var(--seer-success-text)" mt={4}>
            {t("apply.upload.done", { fileName: upload.fileName })}
          </Text>
        </>
      )}
    </Input.Wrapper>
  );
}
