import { Alert, Button, FileInput, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { RETURN_PHOTOS_MAX } from "../../../src/schemas/shop";
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
  const [reason, setReason] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = trpc.orders.requestReturn.useMutation({
    onSuccess: () => {
      void utils.account.orders.invalidate();
      notify({ title: "Return requested", message: "We will e-mail you our decision." }, "success");
      onClose();
    },
    onError: (e) => setError(e.message),
  });
  const submit = async () => {
    setError(null);
    if (!files.length) return setError("Add at least one photo.");
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
      setError(e instanceof Error ? e.message : "The photos could not be uploaded. Please try again.");
    } finally {
      setUploading(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={part ? `Return ${part.businessName}'s items from order ${order.orderNumber}` : `Return order ${order.orderNumber}`}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Returns are accepted within 7 days of delivery. Tell us what is wrong and add photos of the items.
          </Text>
          <Textarea
            label="Reason"
            required
            maxLength={2000}
            autosize
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FileInput
            label={`Photos (up to ${RETURN_PHOTOS_MAX}, JPEG or PNG)`}
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
              Back
            </Button>
            <Button type="submit" loading={uploading || request.isPending}>
              Ask for a return
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
