/**
 * English texts of the Input checks report and its dialog (docs/domain.md, Input checks) and of its
 * table, which the dashboard shows too. Part of `en` (./en.ts).
 */
import { INPUT_CHECK_KIND_CAPTIONS } from '../input-checks/input-checks.js';
import { INPUT_CHECKS_NO_DATA } from '../input-checks/figures.js';

export const enInputChecks = {
  inputChecks: {
    title: 'Input Checks',
    organization: 'Organization',
    filters: 'Filters',
    farm: 'Farm',
    last: 'Last',
    oldest: 'Oldest',
    kinds: INPUT_CHECK_KIND_CAPTIONS,
    /** a column's accessible name: "Tensio Last" */
    columnName: '{{kind}} {{column}}',
    tableCaption: 'Age of the newest and the stalest record of each kind, per farm',
    compactCaption: 'Age of the newest and the stalest scouting, per farm',
    noData: 'No data found',
    noDataValue: INPUT_CHECKS_NO_DATA,
    /** the Oldest cell's button: "Tensio Oldest of Rietfontein: 20 days, show the blocks" */
    showDetails: '{{kind}} Oldest of {{farm}}: {{age}}, show the blocks',
    /** the Oldest dialog (docs/domain.md, Input checks): its title, the two descriptions, the list and the buttons */
    dialogTitle: '{{farm}}: {{kind}}',
    /** what the listed blocks are, inside "The following {kind} are {age} out of date:" */
    listedKinds: {
      tensio: 'Tensio blocks',
      waterApplied: 'Water Applied blocks',
      pheno: 'Pheno blocks',
      scouting: 'Scouting blocks',
    },
    noDataAvailable: '{{noData}} is available.',
    outOfDate: 'The following {{kind}} are {{age}} out of date:',
    blocks: 'Blocks',
    copyDetails: 'Copy details',
    close: 'Close',
    copied: 'Copied',
    copiedDetail: 'The details are on the clipboard.',
    copyFailed: 'Unable to copy',
    copyFailedDetail: 'The clipboard could not be written; select the text and copy it instead.',
    loadFailed: 'Unable to load the input checks.',
    exportCsv: 'Export CSV',
    exporting: 'Exporting...',
    downloadingError: 'Downloading Error',
    exportFailed: 'Unable to download.',
    organizationsFailed: 'Unable to load your organizations.',
    organizationNotFound: 'This organization is not one of yours.',
    organizationForbidden: 'You may not see the input checks of this organization.',
  },
};
