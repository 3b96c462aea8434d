/**
 * English texts of the Pest Thresholds screen (Management > Pest Thresholds): the scouting
 * frequency, the action threshold per pest and the threshold per trap type and pest the pest
 * dashboard compares against. The rules' messages are the shared ones (pest-thresholds/pest-thresholds.ts).
 * Part of `en` (./en.ts).
 */
import { PEST_THRESHOLDS_MESSAGES, SCOUTING_FREQUENCY_MAX_DAYS, SCOUTING_FREQUENCY_MIN_DAYS } from '../pest-thresholds/pest-thresholds.js';

export const enPestThresholds = {
  pestThresholds: {
    title: 'Pest Thresholds',
    intro: 'The pest dashboard compares scouting and trap counts with these thresholds and shows which blocks are due for scouting.',
    loadFailed: 'The pest thresholds could not be loaded.',
    /** shown while the organisation works with the defaults (isDefault) */
    defaultsNote: 'These are the citrus defaults: nothing is saved for this organization yet. Saving stores them, with your changes, as its own thresholds.',
    frequency: {
      heading: 'Scouting frequency',
      label: 'Scout every block every (days)',
      hint: `A whole number of days from ${SCOUTING_FREQUENCY_MIN_DAYS} to ${SCOUTING_FREQUENCY_MAX_DAYS}.`,
    },
    pests: {
      heading: 'Pest action thresholds',
      hint: 'The share of observation points infested from which a pest calls for action. A pest that is not listed has no threshold.',
      caption: 'Action threshold per pest, percent of observation points infested',
      pest: 'Pest',
      threshold: 'Threshold %',
      /** the threshold input of a row */
      thresholdOf: 'Threshold % for {{pest}}',
      remove: 'Remove the threshold for {{pest}}',
      empty: 'No pest has an action threshold.',
      toAdd: 'Pest to add',
      choose: 'Choose a pest',
      add: 'Add pest',
      allListed: 'Every pest and disease of the catalogue is listed.',
    },
    traps: {
      heading: 'Trap thresholds',
      hint: 'The count per inspection from which a trap calls for action, per trap type and the pest its lure draws.',
      caption: 'Threshold per trap type and pest, count per inspection',
      trapType: 'Trap type',
      pest: 'Pest',
      count: 'Count per inspection',
      /** the count input of a row: "Count per inspection for Delta trap: False codling moth" */
      countOf: 'Count per inspection for {{trapType}}: {{pest}}',
      remove: 'Remove the threshold for {{trapType}}: {{pest}}',
      empty: 'No trap has a threshold.',
      chooseTrapType: 'Choose a trap type',
      pestToAdd: 'Pest the trap draws',
      choosePest: 'Choose a pest',
      add: 'Add trap threshold',
      allListed: 'This trap type has a threshold for every pest a lure draws.',
    },
    actions: 'Actions',
    save: 'Save',
    reset: 'Reset',
    reload: 'Reload',
    unsaved: 'You have unsaved changes.',
    saved: 'Saved',
    savedDetail: 'The pest thresholds are saved.',
    notSaved: 'Not saved',
    reloaded: 'The latest pest thresholds are loaded.',
    /** the messages of the shared rules, by rule */
    reasons: PEST_THRESHOLDS_MESSAGES,
  },
};
