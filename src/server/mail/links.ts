// Addresses in a mail's HTML part become links. The text it works on is already escaped, so the only '&' there
// start entities and < > " ' appear only as entities: an address runs until a space or an entity other than &amp;,
// which keeps every href inside its quotes. Only web, mail and phone addresses are linked; javascript:, data: and
// the like stay text.
const ADDRESS = /\b(?:https?:\/\/|mailto:|tel:)(?:[^\s&]|&amp;)+/gi;
const SCHEME_ONLY = /^(?:https?:\/\/|mailto:|tel:)$/i;

/** What ends a sentence after an address is not part of it: a full stop, a comma, a closing bracket it did not open. */
function withoutTrail(found: string): string {
  let address = found;
  for (;;) {
    if (address.endsWith('&amp;')) address = address.slice(0, -5);
    else if (/[.,;:!?\]}]$/.test(address)) address = address.slice(0, -1);
    else if (address.endsWith(')') && address.split('(').length < address.split(')').length) address = address.slice(0, -1);
    else return address;
  }
}

export function linkAddresses(escapedText: string): string {
  return escapedText.replace(ADDRESS, (found) => {
    const address = withoutTrail(found);
    if (SCHEME_ONLY.test(address)) return found;
    return `<a href="${address}" style="color:#8a4b08">${address}</a>${found.slice(address.length)}`;
  });
}
