/** The shared components of the signed-in screens (src-client/components): `AnswerOnce`'s way back, the charts. */
const en = {
  "components.back": "Back",
  "components.chartCaption": "Last 12 months: {total}",
  "components.chartLabel": "{label} by month, last 12 months: {total} in all",
} as const;

const fr: Record<keyof typeof en, string> = {
  "components.back": "Retour",
  "components.chartCaption": "12 derniers mois\u00a0: {total}",
  "components.chartLabel": "{label} par mois, 12 derniers mois\u00a0: {total} au total",
};

export const components = { en, fr };
