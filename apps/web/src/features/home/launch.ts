import { IFRAME_BUILD } from '../../env';

/** Opens a game: the same window, or a new tab in the iframe build; form providers get a posted form. */
export function openGame(target: { kind: 'link'; url: string } | { kind: 'form'; action: string; fields: Record<string, string> }): void {
  const windowTarget = IFRAME_BUILD ? '_blank' : '_self';
  if (target.kind === 'link') {
    if (IFRAME_BUILD) window.open(target.url, '_blank', 'noopener');
    else window.location.assign(target.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = target.action;
  form.target = windowTarget;
  for (const [name, value] of Object.entries(target.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
