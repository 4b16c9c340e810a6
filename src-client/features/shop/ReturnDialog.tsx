import { Alert, Button, FileInput, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { RETURN_PHOTOS_MAX } from "../../../src/schemas/shop";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { uploadFile } from "../../lib/upload";
import { trpc } from "../../trpc";
import type { Order } from "./types";

/**
 * Within 7 days of delivery: why, and photos of the items (uploaded first, checked like ID documents). Of the whole
 * order, or of one vendor's part (its lines only, refunded alone when they are back).
 */
export function ReturnDialog({
  order,
  part,
  onClose,
}: {
  order: Order;
  part: Order["parts"][number] | null;
  onClose(): void;
}) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const [reason, setReason] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = trpc.orders.requestReturn.useMutation({
    onSuccess: () => {
      void utils.account.orders.invalidate();
      notify({ title: t("orders.returnRequested"), message: t("orders.returnRequestedText") }, "success");
      onClose();
    },
    onError: (e) => setError(e.message),
  });
  const submit = async () => {
    setError(null);
    if (!files.length) return setError(t("orders.addPhoto"));
    setUploading(true);
    try {
      const photoUrls: string[] = [];
      for (const file of files.slice(0, RETURN_PHOTOS_MAX)) {
        photoUrls.push(await uploadFile("/api/upload/return-photo", "returnPhoto", file, () => {}).done);
      }
      const lines = part
        ? order.items
            .filter((i) => part.productIds.includes(i.productId))
            .map((i) => ({ productId: i.productId, quantity: i.quantity }))
        : undefined;
      request.mutate({ orderId: order.id, reason, photoUrls, ...(lines ? { lines } : {}) });
    } catch (e) {
      setError(e instanceof Error ? e.message : t("orders.uploadFailed"));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        part
          ? t("orders.returnPart", { business: part.businessName, number: order.orderNumber })
          : t("orders.returnOrder", { number: order.orderNumber })
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t("orders.returnRules")}
          </Text>
          <Textarea
            label={t("orders.reason")}
            required
            maxLength={2000}
            autosize
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FileInput
            label={t("orders.photos", { max: RETURN_PHOTOS_MAX })}
            multiple
            accept="image/jpeg,image/png"
            value={files}
            onChange={(value) => setFiles(value.slice(0, RETURN_PHOTOS_MAX))}
            required
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("orders.back")}
            </Button>
            <Button type="submit" loading={uploading || request.isPending}>
              {t("orders.askReturn")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
