// Copying a field's text for the workshop's buttons (the link, a game's record).

/** Select `field` and copy its text; resolves to `done`, or to `manual` when the browser refuses
 * (the text stays selected for Ctrl+C). */
export async function copyField(field, done, manual) {
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    return done;
  } catch {
    return manual;
  }
}
