/** The names of a Mantine calendar's header controls, which it draws as icons only (axe: button-name). */
export const CALENDAR_ARIA_LABELS = {
  previousMonth: "Previous month",
  nextMonth: "Next month",
  monthLevelControl: "Choose a month",
  previousYear: "Previous year",
  nextYear: "Next year",
  yearLevelControl: "Choose a year",
  previousDecade: "Previous decade",
  nextDecade: "Next decade",
};
