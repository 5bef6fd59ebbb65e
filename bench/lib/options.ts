/** The items that an option of `npm run bench` names: comma-separated names, "all" or "none". */
export function pickNamed<T extends {name: string}>(value: string, all: T[], option: string): T[] {
  if (value === 'none') return [];
  if (value === 'all') return all;
  return value.split(',').map((name) => {
    const item = all.find((candidate) => candidate.name === name.trim());
    if (!item) throw new Error(`${option} takes "all", "none" or some of ${all.map((one) => one.name).join(', ')}, not "${name}"`);
    return item;
  });
}
