import { districtChoicesHint, type DistrictChoices } from './pincode-state';

/** The District box's suggestions (`list` and `hint` for its TextField) when the pincode names several districts. */
export function districtChoicesProps(choices: DistrictChoices | null, listId: string): { list?: string; hint?: string } {
  return choices ? { list: listId, hint: districtChoicesHint(choices.pincode, choices.districts) } : {};
}

/** The <datalist> a District box suggests from: the districts India Post names for the pincode, none filled in. */
export function DistrictChoicesList({ choices, id }: { choices: DistrictChoices | null; id: string }) {
  if (!choices) return null;
  return (
    <datalist id={id}>
      {choices.districts.map((district) => (
        <option key={district} value={district} />
      ))}
    </datalist>
  );
}
