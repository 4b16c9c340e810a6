import { Button, Group, Input, Pill, TextInput } from "@mantine/core";
import { useId, useState, type KeyboardEvent } from "react";
import { useI18n } from "../../lib/i18n";

interface Props {
  value: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
  /** The field's name; "Specializations" on the Seer application, "Product Types" on the vendor one. */
  label: string;
  placeholder: string;
  /** The name of the list of tags added ("Added specializations"). */
  addedLabel: string;
}

/** Specializations as tags (docs/product.md#routes-and-screens): Enter or Add adds one; blanks and duplicates are ignored; each is removable. */
export function SpecializationsInput({ value, onChange, error, label, placeholder, addedLabel }: Props) {
  const { t } = useI18n();
  const [draft, setDraft] = useState("");
  const id = useId();

  function add() {
    const tag = draft.trim();
    setDraft("");
    if (!tag || value.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return;
    onChange([...value, tag]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    // Enter adds a tag rather than submitting the whole application.
    event.preventDefault();
    add();
  }

  return (
    <Input.Wrapper label={label} required error={error} id={id} description={t("apply.tags.hint")}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          id={id}
          style={{ flex: 1 }}
          placeholder={placeholder}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={Boolean(error)}
          aria-describedby={error ? `${id}-description ${id}-error` : `${id}-description`}
          maxLength={100}
        />
        <Button variant="light" onClick={add}>
          {t("apply.tags.add")}
        </Button>
      </Group>
      {value.length > 0 && (
        <Pill.Group mt="xs" aria-label={addedLabel}>
          {value.map((tag) => (
            <Pill
              key={tag}
              size="md"
              withRemoveButton
              onRemove={() => onChange(value.filter((other) => other !== tag))}
              removeButtonProps={{ "aria-label": t("apply.tags.remove", { tag }), "aria-hidden": false, tabIndex: 0 }}
            >
              {tag}
            </Pill>
          ))}
        </Pill.Group>
      )}
    </Input.Wrapper>
  );
}
