import { useEffect, useState, type FormEvent } from "react";
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
import { schemaResolver, useForm, type UseFormReturnType } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { toDecimal } from "../../../src/domain/money";
import { orderTotals, SHIPPING_METHODS, type OrderTotals } from "../../../src/domain/shipping";
import { checkoutFormSchema, type CheckoutFormValues, type CreateOrderPaymentInput } from "../../../src/schemas/shop";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import type { Currency } from "../../../src/domain/currencies";
import { PaymentMethods, changePaymentChoice, useOfferedChoice, type StartedCharge } from "../payments/PaymentMethods";
import { choiceCurrency, type PaymentChoice } from "../payments/payment-choice";
import { OrderSummary, type SummaryItem } from "./OrderSummary";
import { inPageLanguage } from "../../lib/validation";

function Spinner() {
  const { t } = useI18n();
  return (
    <Group justify="center" py={60}>
      <Loader aria-label={t("shop.loadingCart")} />
    </Group>
  );
}

/** The order's checkout as asked of the server: shipping details, lines and totals (without the currency). */
type CheckoutRequest = Omit<CreateOrderPaymentInput, "currency">;

/**
 * The order payment the server started (its total in US dollars, and what it charges in its currency), with the
 * request and the lines and totals it was started for: the request is asked again in another currency.
 */
type StartedPayment = StartedCharge & {
  orderNumber: string;
  request: CheckoutRequest;
  items: SummaryItem[];
  totals: OrderTotals;
};

/** The first step: where to send the order, and the way on to payment (the server's reason above the form if it refused). */
function ShippingSection({
  form,
  refusal,
  pending,
  onSubmit,
}: {
  form: UseFormReturnType<CheckoutFormValues>;
  refusal: string | null;
  pending: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useI18n();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="shipping-title">
      <Title order={2} fz="h3" id="shipping-title" mb="md">
        {t("shop.shippingTitle")}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput label={t("shop.fullName")} required autoComplete="name" {...form.getInputProps("shippingName")} />
          <TextInput label={t("shop.email")} type="email" required autoComplete="email" {...form.getInputProps("shippingEmail")} />
          <TextInput label={t("shop.phone")} type="tel" required autoComplete="tel" {...form.getInputProps("shippingPhone")} />
          <Textarea
            label={t("shop.address")}
            required
            rows={3}
            autoComplete="street-address"
            {...form.getInputProps("shippingAddress")}
          />
          <Radio.Group label={t("shop.method")} required {...form.getInputProps("shippingMethod")}>
            <Stack gap="xs" mt="xs">
              {SHIPPING_METHODS.map((m) => (
                <Radio key={m} value={m} label={t(`shop.method.${m}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Button type="submit" size="md" disabled={pending}>
            {pending ? t("shop.processing") : t("shop.toPayment")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The second step: the order's number, then card or mobile money (docs/product.md#mobile-money) for its payment. */
function PaymentSection({
  payment,
  choice,
  onChoice,
  updating,
  onPaid,
}: {
  payment: StartedPayment;
  choice: PaymentChoice;
  onChoice: (choice: PaymentChoice) => void;
  updating: boolean;
  onPaid: (paymentIntentId: string) => void;
}) {
  const { t } = useI18n();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="payment-title">
      <Title order={2} fz="h3" id="payment-title" mb="xs">
        {t("shop.paymentTitle")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("shop.order", { number: payment.orderNumber })}
      </Text>
      <Stack gap="md">
        <PaymentMethods
          payment={payment}
          choice={choice}
          onChoice={onChoice}
          updating={updating}
          onPaid={onPaid}
          returnPath="/order-success"
        />
      </Stack>
    </Paper>
  );
}

function Checkout() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const cart = trpc.cart.list.useQuery();
  const [payment, setPayment] = useState<StartedPayment | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<CheckoutFormValues>({
    mode: "controlled",
    initialValues: { shippingName: "", shippingEmail: "", shippingPhone: "", shippingAddress: "", shippingMethod: "standard" },
    validate: inPageLanguage(schemaResolver(checkoutFormSchema, { sync: true }), t),
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
        notify({ title: t("shop.unauthorized"), message: t("shop.unauthorizedText") }, "destructive");
        redirectToLogin();
        return;
      }
      notify({ title: t("shop.error"), message: t("shop.createOrderFailed") }, "destructive");
      // The server says why (the cart changed, an item sold out): show it and the cart as it now is.
      if (error.data?.code === "CONFLICT" || error.data?.code === "BAD_REQUEST") setRefusal(error.message);
      void utils.cart.list.invalidate();
    },
  });

  const [choice, setChoice] = useOfferedChoice();

  /** Asks the server for the order's payment in `currency` (again: the server replaces the open order). */
  const ask = (
    request: CheckoutRequest,
    snapshot: Pick<StartedPayment, "items" | "totals">,
    currency: Currency,
    onAsked: (came: boolean) => void,
  ) =>
    createPayment.mutate(
      { ...request, currency },
      {
        onSuccess: (result) => {
          setPayment({ ...result, amount: request.total, request, items: snapshot.items, totals: snapshot.totals });
          onAsked(true);
        },
        onError: () => onAsked(false),
      },
    );

  const submit = form.onSubmit((values) => {
    if (!totals) return;
    setRefusal(null);
    const request: CheckoutRequest = {
      ...values,
      subtotal: toDecimal(totals.subtotal),
      shippingCost: toDecimal(totals.shippingCost),
      total: toDecimal(totals.total),
      items,
    };
    ask(request, { items, totals }, choiceCurrency(choice) ?? "USD", () => {});
  });

  const changeChoice = (next: PaymentChoice) =>
    changePaymentChoice(next, {
      payment,
      setChoice,
      ask: (currency, onAsked) => {
        if (payment) ask(payment.request, payment, currency, onAsked);
      },
      // Refused (the cart changed, the order is gone): back to the shipping step, with the server's reason.
      onRefused: () => setPayment(null),
    });

  const onPaid = (paymentIntentId: string) => {
    notify({ title: t("shop.paid"), message: t("shop.paidText") }, "success");
    void utils.cart.list.invalidate();
    void navigate({ to: "/order/success/$paymentIntentId", params: { paymentIntentId } });
  };

  if (!payment && (cart.isPending || empty)) return <Spinner />;
  if (cart.isError && !payment) {
    return (
      <Alert color="red" title={t("shop.loadFailed")} role="alert">
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void cart.refetch()}>
          {t("shop.tryAgain")}
        </Button>
      </Alert>
    );
  }

  const pending = createPayment.isPending;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stepper active={payment ? 1 : 0} size="sm" mb="xl" allowNextStepsSelect={false}>
          <Stepper.Step label={t("shop.step.shipping")} description={t("shop.step.shippingText")} />
          <Stepper.Step label={t("shop.step.payment")} description={t("shop.step.paymentText")} />
        </Stepper>
        {payment ? (
          <PaymentSection payment={payment} choice={choice} onChoice={changeChoice} updating={pending} onPaid={onPaid} />
        ) : (
          <ShippingSection form={form} refusal={refusal} pending={pending} onSubmit={submit} />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <OrderSummary items={payment?.items ?? items} totals={payment?.totals ?? totals} />
      </Grid.Col>
    </Grid>
  );
}

/** docs/product.md#routes-and-screens "/checkout": two steps, shipping then payment (card or mobile money), beside an always visible Order Summary (signed in: routes/checkout.tsx). */
export function CheckoutPage() {
  const { t } = useI18n();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xl">
        {t("shop.checkout")}
      </Title>
      <Checkout />
    </Container>
  );
}
