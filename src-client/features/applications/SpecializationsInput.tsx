import { Button, Group, Input, Pill, TextInput } from "@mantine/core";
import { useId, useState, type KeyboardEvent } from "react";

interface Props {
  value: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
  /** The field's name; "Specializations" on the Seer application, "Product Types" on the vendor one. */
  label?: string;
  placeholder?: string;
}

/** Specializations as tags (docs/product.md#routes-and-screens): Enter or Add adds one; blanks and duplicates are ignored; each is removable. */
export function SpecializationsInput({
  value,
  onChange,
  error,
  label = "Specializations",
  placeholder = "e.g., Divination, Ancestral Healing, Dream Interpretation",
}: Props) {
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
    <Input.Wrapper label={label} required error={error} id={id} description="Press Enter or Add after each one">
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
          Add
        </Button>
      </Group>
      {value.length > 0 && (
        <Pill.Group mt="xs" aria-label={`Added ${label.toLowerCase()}`}>
          {value.map((tag) => (
            <Pill
              key={tag}
              size="md"
              withRemoveButton
              onRemove={() => onChange(value.filter((t) => t !== tag))}
              removeButtonProps={{ "aria-label": `Remove ${tag}`, "aria-hidden": false, tabIndex: 0 }}
            >
              {tag}
            </Pill>
          ))}
        </Pill.Group>
      )}
    </Input.Wrapper>
  );
}
