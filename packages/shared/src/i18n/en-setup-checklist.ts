/**
 * English texts of the setup checklist on the dashboard (setup-checklist/setup-checklist.ts): each
 * step's name, what it asks for and the link to where it is done. Part of `en` (./en.ts).
 */
export const enSetupChecklist = {
  setupChecklist: {
    heading: 'Set up your organization',
    intro: 'These steps take a new organization to its first Harvest PUC Report and picking schedule. Each one opens the screen where it is done.',
    progress: '{{done}} of {{total}} steps done',
    done: 'Done',
    askSomeoneElse: 'Ask a colleague who may do this step.',
    loadFailed: 'The setup checklist could not be loaded.',
    steps: {
      legalEntity: {
        title: 'Legal entity',
        hint: 'The company that owns your farms and employs your staff.',
        action: 'Add a legal entity in Farm Setup',
      },
      farms: {
        title: 'Farms',
        hint: 'Each farm with its legal entity and location.',
        action: 'Add a farm in Farm Setup',
      },
      pucs: {
        title: 'PUCs',
        hint: 'The production unit codes of each farm, as registered for export.',
        action: 'Add a PUC in Farm Setup',
      },
      productionBlocks: {
        title: 'Production blocks',
        hint: 'The blocks of each PUC with their variety: type them in, or import a CSV file of them.',
        action: 'Add or import production blocks in Farm Setup',
      },
      packhouses: {
        title: 'Packhouses',
        hint: 'Your own packhouse, or a link to the packhouse your fruit goes to.',
        action: 'Add or link a packhouse',
      },
      userFarms: {
        title: 'Users and their farms',
        hint: 'Each user sees the harvest of the farms assigned to them: give your users their farms.',
        action: 'Assign farms in Users',
      },
      bins: {
        title: 'First bins',
        hint: 'Record the first bins delivered from a block, or import them from a CSV file.',
        action: 'Record bins in Harvest',
      },
      pickingRows: {
        title: 'First picking schedule row',
        hint: 'Plan the bins per day for a PUC, variety and packhouse, with its picking progress.',
        action: 'Add a row in Picking Schedule By PUC',
      },
    },
  },
};
