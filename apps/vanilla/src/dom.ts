/** A small element builder: the example renders with the DOM alone. */
type Child = Node | string | false | null | undefined
type Props = Record<string, string | boolean | number | undefined | ((event: Event) => void)>

/**
 * Makes an element: `on*` props become listeners, `true` an empty attribute, `false` and
 * `undefined` nothing.
 *
 * @example
 * h('button', { type: 'button', onclick: () => checkout.back() }, 'Back')
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value)
    else if (value === true) element.setAttribute(name, '')
    else if (value !== undefined && value !== false) element.setAttribute(name, String(value))
  }
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue
    element.append(child)
  }
  return element
}

/** A labelled field: its label, the control, and a hint or error tied to it. */
export function field(label: string, control: HTMLInputElement | HTMLSelectElement, hint?: string) {
  const note = h('p', { class: 'hint', id: `${control.id}-hint` }, hint ?? '')
  control.setAttribute('aria-describedby', note.id)
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control, note)
}

/** The values of a form's named controls. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') values[name] = value
  }
  return values
}
