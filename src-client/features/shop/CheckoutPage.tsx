import { useEffect, useState } from "react";
import {
  Alert,
  Button,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Stepper,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { formatMoney, toDecimal } from "../../../src/domain/money";
import { orderTotals, SHIPPING_LABEL, SHIPPING_METHODS, type OrderTotals } from "../../../src/domain/shipping";
import { checkoutFormSchema, type CheckoutFormValues } from "../../../src/schemas/shop";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { CardPaymentForm } from "../payments/CardPaymentForm";
import { OrderSummary, type SummaryItem } from "./OrderSummary";

function Spinner() {
  return (
    <Group justify="center" py={60}>
      <Loader aria-label="Loading your cart" />
    </Group>
  );
}

/** The order payment the server started, with the lines and totals it was started for. */
type StartedPayment = Pick<RouterOutputs["orders"]["createPayment"], "clientSecret" | "orderNumber"> & {
  items: SummaryItem[];
  totals: OrderTotals;
};

function Checkout() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const cart = trpc.cart.list.useQuery();
  const [payment, setPayment] = useState<StartedPayment | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<CheckoutFormValues>({
    mode: "controlled",
    initialValues: { shippingName: "", shippingEmail: "", shippingPhone: "", shippingAddress: "", shippingMethod: "standard" },
    validate: schemaResolver(checkoutFormSchema, { sync: true }),
  });

  const lines = cart.data ?? [];
  const empty = cart.isSuccess && lines.length === 0;
  useEffect(() => {
    // Once loaded, an empty cart has nothing to check out (but a started payment keeps its own snapshot).
    if (empty && !payment) void navigate({ to: "/cart", replace: true });
  }, [empty, payment, navigate]);

  const items: SummaryItem[] = lines.map((l) => ({
    productId: l.productId,
    productName: l.product.name,
    quantity: l.quantity,
    price: l.product.price,
  }));
  const method = form.values.shippingMethod ?? "standard";
  const totals = lines.length > 0 ? orderTotals(items, method) : null;

  const createPayment = trpc.orders.createPayment.useMutation({
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        notify(messages.unauthorized, "destructive");
        redirectToLogin();
        return;
      }
      notify(messages.createOrderFailed, "destructive");
      // The server says why (the cart changed, an item sold out): show it and the cart as it now is.
      if (error.data?.code === "CONFLICT" || error.data?.code === "BAD_REQUEST") setRefusal(error.message);
      void utils.cart.list.invalidate();
    },
  });

  const submit = form.onSubmit((values) => {
    if (!totals) return;
    setRefusal(null);
    const snapshot = { items, totals };
    createPayment.mutate(
      {
        ...values,
        subtotal: toDecimal(totals.subtotal),
        shippingCost: toDecimal(totals.shippingCost),
        total: toDecimal(totals.total),
        items,
      },
      { onSuccess: (result) => setPayment({ clientSecret: result.clientSecret, orderNumber: result.orderNumber, ...snapshot }) },
    );
  });

  const onPaid = (paymentIntentId: string) => {
    notify(messages.orderPaid, "success");
    void utils.cart.list.invalidate();
    void navigate({ to: "/order/success/$paymentIntentId", params: { paymentIntentId } });
  };

  if (!payment && (cart.isPending || empty)) return <Spinner />;
  if (cart.isError && !payment) {
    return (
      <Alert color="red" title="Could not load your cart" role="alert">
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void cart.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const pending = createPayment.isPending;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stepper active={payment ? 1 : 0} size="sm" mb="xl" allowNextStepsSelect={false}>
          <Stepper.Step label="Shipping" description="Where to send your order" />
          <Stepper.Step label="Payment" description="Pay by card" />
        </Stepper>
        {payment ? (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="payment-title">
            <Title order={2} fz="h3" id="payment-title" mb="xs">
              Payment Information
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              Order {payment.orderNumber}
            </Text>
            <CardPaymentForm
              clientSecret={payment.clientSecret}
              returnPath="/order-success"
              onSuccess={onPaid}
              submitLabel={`Pay ${formatMoney(payment.totals.total)}`}
              charge={payment.totals.total}
            />
          </Paper>
        ) : (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="shipping-title">
            <Title order={2} fz="h3" id="shipping-title" mb="md">
              Shipping Information
            </Title>
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                {refusal && (
                  <Alert color="red" role="alert">
                    {refusal}
                  </Alert>
                )}
                <TextInput label="Full Name" required autoComplete="name" {...form.getInputProps("shippingName")} />
                <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps("shippingEmail")} />
                <TextInput label="Phone" type="tel" required autoComplete="tel" {...form.getInputProps("shippingPhone")} />
                <Textarea
                  label="Shipping Address"
                  required
                  rows={3}
                  autoComplete="street-address"
                  {...form.getInputProps("shippingAddress")}
                />
                <Radio.Group label="Shipping Method" required {...form.getInputProps("shippingMethod")}>
                  <Stack gap="xs" mt="xs">
                    {SHIPPING_METHODS.map((m) => (
                      <Radio key={m} value={m} label={SHIPPING_LABEL[m]} />
                    ))}
                  </Stack>
                </Radio.Group>
                <Button type="submit" size="md" disabled={pending}>
                  {pending ? "Processing..." : "Continue to Payment"}
                </Button>
              </Stack>
            </form>
          </Paper>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <OrderSummary items={payment?.items ?? items} totals={payment?.totals ?? totals} />
      </Grid.Col>
    </Grid>
  );
}

/** docs/product.md#routes-and-screens "/checkout": two steps, shipping then card payment, beside an always visible Order Summary (signed in: routes/checkout.tsx). */
export function CheckoutPage() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xl">
        Checkout
      </Title>
      <Checkout />
    </Container>
  );
}
