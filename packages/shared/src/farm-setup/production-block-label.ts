/**
 * The one name of a production block wherever a screen or a file names one (the bin intake's block
 * picker, the bin import's hint, farm setup's confirmations): its own code first, the code the bin
 * import's block column takes and the Production Blocks tab lists, then its variety when known.
 * A linked farm block never stands in for the code: "B01 - Navel", whatever the farm block is called.
 */
export interface ProductionBlockNaming {
  /** the production block's own code within its PUC (B01) */
  code: string;
  /** the variety's name, when the caller has it */
  variety?: string | null;
}

/** 'B01 - Navel'; 'B01' without a variety. */
export function productionBlockLabel(block: ProductionBlockNaming): string {
  const variety = block.variety?.trim();
  return variety ? `${block.code} - ${variety}` : block.code;
}
